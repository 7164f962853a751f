// Tabelas largas rolam dentro do próprio involucro (.table-responsive) numa tela estreita.
// Quem usa o teclado precisa alcançar essa rolagem: o involucro que de fato rola vira uma
// região focável, com nome (a legenda da tabela ou o título da seção). Numa tela larga, onde
// nada rola, ele não é parada do Tab.
(function () {
  function nome(involucro) {
    var legenda = involucro.querySelector("caption");
    if (legenda && legenda.textContent.trim()) {
      return legenda.textContent.trim();
    }
    var secao = involucro.closest("section");
    var titulo = secao && secao.querySelector("h1, h2, h3, h4");
    return titulo ? titulo.textContent.trim() : "Tabela";
  }

  function marcar() {
    document.querySelectorAll(".table-responsive").forEach(function (involucro) {
      if (involucro.scrollWidth > involucro.clientWidth + 1) {
        involucro.setAttribute("tabindex", "0");
        involucro.setAttribute("role", "region");
        involucro.setAttribute("aria-label", nome(involucro) + " (role para o lado)");
      } else if (involucro.getAttribute("role") === "region") {
        involucro.removeAttribute("tabindex");
        involucro.removeAttribute("role");
        involucro.removeAttribute("aria-label");
      }
    });
  }

  document.addEventListener("DOMContentLoaded", marcar);
  window.addEventListener("resize", marcar);
})();
