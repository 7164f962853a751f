// Protocolo: os campos da extinção (Art. 10 — fundamento e municípios que recebem o
// território) só aparecem quando o tipo escolhido é a extinção. Sem JavaScript, ficam
// visíveis com a ajuda "Somente na extinção" (e o servidor os ignora nos demais tipos).
// O asterisco de obrigatório acompanha a escolha: a sede na criação e na fusão (Art. 7º, I),
// o Deputado quando a representação veio por intermédio dele (Art. 14, parágrafo único).
(function () {
  "use strict";
  var tipo = document.getElementById("id_tipo");
  if (!tipo) return;
  var campos = ["div_id_fundamento_extincao", "div_id_municipios_destino"]
    .map(function (id) { return document.getElementById(id); })
    .filter(Boolean);
  function marcar(id, obrigatorio) {
    var rotulo = document.querySelector('label[for="' + id + '"]');
    if (!rotulo) return;
    var asterisco = rotulo.querySelector(".asteriskField");
    if (obrigatorio && !asterisco) {
      asterisco = document.createElement("span");
      asterisco.className = "asteriskField";
      asterisco.textContent = "*";
      rotulo.appendChild(asterisco);
    } else if (!obrigatorio && asterisco) {
      asterisco.remove();
    }
    var campo = document.getElementById(id);
    if (campo) campo.setAttribute("aria-required", obrigatorio ? "true" : "false");
  }
  function encaminhamento() {
    var marcado = document.querySelector('input[name="forma_encaminhamento"]:checked');
    return marcado ? marcado.value : "";
  }
  function atualizar() {
    var extincao = tipo.value === "extincao";
    campos.forEach(function (campo) { campo.hidden = !extincao; });
    marcar("id_sede_proposta", !tipo.value || tipo.value === "criacao" || tipo.value === "fusao");
    marcar("id_deputado_autor", encaminhamento() === "deputado");
  }
  tipo.addEventListener("change", atualizar);
  document.querySelectorAll('input[name="forma_encaminhamento"]').forEach(function (radio) {
    radio.addEventListener("change", atualizar);
  });
  atualizar();
})();
