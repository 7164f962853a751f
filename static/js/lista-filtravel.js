// Lista de caixas de marcar com filtro por nome (municípios de origem). Sem JavaScript a
// lista continua inteira e rolável; aqui só se acrescenta o campo "Filtrar" acima dela.
(function () {
  "use strict";

  function normalizar(texto) {
    return texto.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().trim();
  }

  function montar(lista, indice) {
    var itens = Array.prototype.slice.call(lista.querySelectorAll(".form-check"));
    var id = "filtro-lista-" + indice;
    var bloco = document.createElement("div");
    bloco.className = "filtro-lista";
    var rotulo = document.createElement("label");
    rotulo.className = "form-label small mb-1";
    rotulo.htmlFor = id;
    rotulo.textContent = "Filtrar municípios pelo nome";
    var campo = document.createElement("input");
    campo.type = "search";
    campo.id = id;
    campo.className = "form-control form-control-sm";
    campo.autocomplete = "off";
    campo.setAttribute("aria-controls", lista.id || "");
    var aviso = document.createElement("p");
    aviso.className = "small text-muted mb-1";
    aviso.setAttribute("aria-live", "polite");
    bloco.appendChild(rotulo);
    bloco.appendChild(campo);
    bloco.appendChild(aviso);
    lista.parentNode.insertBefore(bloco, lista);

    function filtrar() {
      var termo = normalizar(campo.value);
      var visiveis = 0;
      itens.forEach(function (item) {
        var caixa = item.querySelector("input");
        var nome = normalizar(item.textContent);
        // O que já foi marcado fica à vista, para poder ser desmarcado.
        var mostrar = !termo || nome.indexOf(termo) !== -1 || (caixa && caixa.checked);
        item.hidden = !mostrar;
        if (mostrar) visiveis += 1;
      });
      aviso.textContent = termo
        ? visiveis + " de " + itens.length + " municípios na lista."
        : "";
    }

    campo.addEventListener("input", filtrar);
    // Enter no filtro não envia o formulário: leva à primeira opção visível.
    campo.addEventListener("keydown", function (evento) {
      if (evento.key !== "Enter") return;
      evento.preventDefault();
      var primeira = lista.querySelector(".form-check:not([hidden]) input");
      if (primeira) primeira.focus();
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    var vistas = [];
    document.querySelectorAll("input[data-filtravel]").forEach(function (caixa) {
      var lista = caixa.closest(".form-check") && caixa.closest(".form-check").parentNode;
      if (lista && vistas.indexOf(lista) === -1) vistas.push(lista);
    });
    vistas.forEach(montar);
  });
})();
