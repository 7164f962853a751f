// Protocolo: os campos da extinção (Art. 10 — fundamento e municípios que recebem o
// território) só aparecem quando o tipo escolhido é a extinção. Sem JavaScript, ficam
// visíveis com a ajuda "Somente na extinção" (e o servidor os ignora nos demais tipos).
(function () {
  "use strict";
  var tipo = document.getElementById("id_tipo");
  if (!tipo) return;
  var campos = ["div_id_fundamento_extincao", "div_id_municipios_destino"]
    .map(function (id) { return document.getElementById(id); })
    .filter(Boolean);
  function atualizar() {
    var extincao = tipo.value === "extincao";
    campos.forEach(function (campo) { campo.hidden = !extincao; });
  }
  tipo.addEventListener("change", atualizar);
  atualizar();
})();
