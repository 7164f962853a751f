"""Quem certifica cada número que as regras leem: aparece ao lado de cada requisito."""

CARTOGRAFIA = "Órgão de Informação e Cartografia do Estado"
TRE = "Tribunal Regional Eleitoral (TRE)"
SEFAZ = "Órgão Fazendário Estadual (SEFAZ)"
CRT_IN_LOCO = "Comissão de Revisão Territorial (verificação in loco)"
