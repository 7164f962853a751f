"""O memorial descritivo do território: o rascunho gerado do desenho (gerar), o memorial por
coordenadas lido de volta como polígono (ler) e comparado com o mapa (comparar)."""
