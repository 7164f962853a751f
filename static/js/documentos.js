/* Formulários de emissão demorada (cópia integral): ao enviar, desabilita o botão e mostra
   a indicação de andamento, para que ninguém clique de novo nem ache que travou. */
(function () {
  "use strict";
  document.querySelectorAll("form[data-progresso]").forEach(function (form) {
    form.addEventListener("submit", function () {
      var botao = form.querySelector("button[type=submit]");
      if (botao) {
        botao.disabled = true;
        botao.insertAdjacentHTML("afterbegin", '<span class="spinner-border spinner-border-sm me-1" aria-hidden="true"></span>');
      }
      var aviso = document.querySelector(".progresso-documento");
      if (aviso) { aviso.textContent = form.dataset.progresso; }
    });
  });
})();
