/* Formulários de atos: ao enviar, desabilita o botão (um clique, um ato) e, nos atos que
   emitem documentos, mostra a indicação de andamento, para que ninguém clique de novo nem
   ache que travou. O servidor recusa de todo modo o mesmo ato enviado duas vezes
   (estado_esperado e ultimo_andamento); isto só poupa a recusa. Sem script embutido: a
   CSP é estrita. */
(function () {
  "use strict";
  var formularios = document.querySelectorAll("form[data-progresso], form[data-uma-vez]");
  formularios.forEach(function (form) {
    form.addEventListener("submit", function () {
      var botao = form.querySelector("button[type=submit]");
      if (botao) {
        botao.disabled = true;
        botao.setAttribute("aria-busy", "true");
        if (form.dataset.progresso) {
          botao.insertAdjacentHTML("afterbegin", '<span class="spinner-border spinner-border-sm me-1" aria-hidden="true"></span>');
        }
      }
      var aviso = form.querySelector(".progresso-documento") || document.querySelector(".progresso-documento");
      if (aviso && form.dataset.progresso) { aviso.textContent = form.dataset.progresso; }
    });
  });
  // Voltar pelo navegador (cache de página) traz o botão desabilitado: reabilita.
  window.addEventListener("pageshow", function (evento) {
    if (!evento.persisted) { return; }
    formularios.forEach(function (form) {
      var botao = form.querySelector("button[type=submit]");
      if (botao) {
        botao.disabled = false;
        botao.removeAttribute("aria-busy");
        var giro = botao.querySelector(".spinner-border");
        if (giro) { giro.remove(); }
      }
    });
  });
})();
