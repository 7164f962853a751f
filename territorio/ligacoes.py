"""Onde o território se liga ao hub: a conferência do mapa do Art. 15, II, quando ele é
juntado, e a seção da página do processo."""

from dataclasses import asdict

from django.utils import timezone

from documentos.arquivos.tipos import GEOJSON, KML, KMZ, SHAPEFILE
from processos import extensoes
from processos.models import AtoRecusado
from territorio import reparo as reparos
from territorio import secao
from territorio.malha import edicao_vigente, ler_malha
from territorio.memorial import secao as secao_do_memorial
from territorio.models import ConferenciaTerritorial

# Art. 15, II: o mapa do território do novo município (na revisão de limites, a área que
# muda de município; os de origem são os que a perdem).
ITEM_DO_MAPA = secao.ITEM_DO_MAPA
DESENHOS = (GEOJSON, KML, KMZ, SHAPEFILE)


def leitor(tipo: str):
    """A função que lê o desenho de um arquivo do tipo `tipo` (None, se o tipo não é de
    desenho). A leitura, a conferência, o mapa e o memorial (shapely e pyproj, ~30 MB) são
    importados só quando um mapa é lido: o worker que serve as páginas não os carrega."""
    if tipo not in DESENHOS:
        return None
    from territorio.leitura import ler_geojson, ler_kml, ler_zip

    return {GEOJSON: ler_geojson, KML: ler_kml, KMZ: ler_zip, SHAPEFILE: ler_zip}[tipo]


def conferir_mapa(*, processo, arquivo, tipo, reparo_confirmado: bool = False):
    """Lê o GeoJSON, o KML, o KMZ ou o shapefile antes de gravar: desenho inválido é recusado
    (nada é gravado); o contorno que se cruza, só reparado com `reparo_confirmado` (o mesmo
    arquivo cujo reparo foi mostrado); com uma malha carregada, as figuras são gravadas com
    a versão do mapa, a edição e a hora."""
    ler = leitor(tipo)
    if ler is None:
        return None
    from territorio.leitura import DesenhoReparavel, GeometriaRecusada
    from territorio.memorial.gerar import gerar as gerar_memorial

    arquivo.seek(0)
    conteudo = arquivo.read()
    arquivo.seek(0)
    nome = getattr(arquivo, "name", "") or "mapa"
    reparo = None
    try:
        try:
            desenho = ler(conteudo)
        except DesenhoReparavel as exc:
            if not reparo_confirmado:
                raise reparos.recusa(exc.reparo, conteudo) from exc
            reparo, desenho = exc.reparo, ler(conteudo, reparar=True)
    except GeometriaRecusada as exc:
        raise AtoRecusado(str(exc)) from exc
    edicao = edicao_vigente()
    gravacoes = []
    if edicao is not None:
        origens = list(processo.municipios_origem.values_list("codigo_ibge", flat=True))
        figuras, svg = calcular(desenho, edicao, origens, nome=nome)
        memorial = gerar_memorial(desenho, ler_malha(edicao), edicao=edicao.nome)
        gravacoes.append(
            lambda documento, usuario: ConferenciaTerritorial.objects.create(
                documento=documento,
                edicao=edicao,
                calculada_em=timezone.now(),
                resultado=figuras,
                mapa_svg=svg,
                memorial_rascunho=memorial,
            )
        )
    if reparo is None:
        if not gravacoes:
            return None
        return extensoes.ConferenciaDaJuntada(gravar=gravacoes[0])

    def gravar(documento, usuario):
        reparos.registrar_reparo(
            documento=documento,
            usuario=usuario,
            reparo=reparo,
            conteudo=conteudo,
            nome=nome,
            tipo=tipo,
        )
        for gravacao in gravacoes:
            gravacao(documento, usuario)

    return extensoes.ConferenciaDaJuntada(
        gravar=gravar, substituto=reparos.substituto(desenho, nome=nome, conteudo=conteudo)
    )


def calcular(desenho, edicao, origens: list[int], *, nome: str = "") -> tuple[dict, str]:
    """As figuras (para o JSON) e o mapa desenhado de `desenho` contra a `edicao`."""
    from territorio.conferencia import conferir
    from territorio.mapa_svg import desenhar

    try:
        malha = ler_malha(edicao)
        resultado = conferir(desenho, malha, origens, edicao=edicao.nome)
    except ValueError as exc:
        raise AtoRecusado(str(exc)) from exc
    if resultado.fora_do_estado_km2 >= resultado.area_km2 * 0.999:
        raise AtoRecusado(
            "O território desenhado não toca nenhum município de Mato Grosso na malha "
            f"{edicao.nome}; confira o sistema de coordenadas (longitude/latitude, SIRGAS 2000)."
        )
    fonte_territorio = "mapa do Art. 15, II, juntado ao processo" + (f" ({nome})" if nome else "")
    svg = desenhar(desenho, malha, resultado, fonte=edicao.fonte, fonte_territorio=fonte_territorio)
    return asdict(resultado), svg


def registrar() -> None:
    extensoes.registrar_conferencia_de_juntada(ITEM_DO_MAPA, conferir_mapa)
    # O mapa, a conferência e o memorial lido entram com a juntada do Art. 15, que
    # incrementa a revisão do processo; o recálculo e a adoção do memorial são atos.
    anotacoes = {
        secao.MAPA_ID: secao.ultimo_mapa_id,
        secao.MAPA_TIPO: secao.ultimo_mapa_tipo,
        secao.TEM_CONFERENCIA: secao.tem_conferencia,
        secao_do_memorial.TEM_MEMORIAL_ADOTADO: secao_do_memorial.tem_memorial_adotado,
        secao_do_memorial.TEM_MEMORIAL_LIDO: secao_do_memorial.tem_memorial_lido,
    }
    for nome, fabrica in anotacoes.items():
        extensoes.registrar_anotacao(nome, fabrica, da_revisao=True)
    extensoes.registrar_secao(
        extensoes.Secao("territorio/_secao.html", secao.secao_territorio, publica=True)
    )
    extensoes.registrar_secao(
        extensoes.Secao("territorio/_memorial.html", secao_do_memorial.secao_memorial)
    )
    extensoes.registrar_leitura("territorio_no_documento", secao.territorio_no_documento)
