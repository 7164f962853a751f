// Dicas (tooltips) dos atos indisponíveis: o motivo aparece ao passar o mouse ou ao focar.
document.querySelectorAll('[data-bs-toggle="tooltip"]').forEach(function (el) {
  new bootstrap.Tooltip(el);
});
