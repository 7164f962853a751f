// O resumo dos erros de um formulário recusado recebe o foco ao carregar a página
// (templates/_resumo_de_erros.html): o teclado e o leitor de tela começam por ele.
document.addEventListener("DOMContentLoaded", function () {
  var resumo = document.querySelector("[data-resumo-de-erros]");
  if (resumo) {
    resumo.focus();
  }
});
