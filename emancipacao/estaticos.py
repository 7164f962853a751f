"""`{% estatico 'caminho' %}`: o `{% static %}` do Django com o endereço calculado uma vez.

O `{% static %}` refaz o endereço a cada página (confere se o staticfiles está instalado,
pede ao armazenamento, junta e escapa a URL): cerca de 35 chamadas por arquivo, e o base.html,
que toda página interna desenha, tem sete. O endereço de um arquivo estático não muda
enquanto o processo vive (o armazenamento dos estáticos não tem manifesto nem hash: é
`STATIC_URL` + o caminho), então o nó o guarda no primeiro desenho, e o template compilado
fica no cache do carregador de templates. Registrado em `TEMPLATES["OPTIONS"]["libraries"]`.
"""

from django import template
from django.templatetags.static import static
from django.utils.html import conditional_escape

register = template.Library()


class EstaticoNode(template.Node):
    def __init__(self, caminho: str):
        self.caminho = caminho
        self.endereco = None

    def render(self, context) -> str:
        if self.endereco is None:
            self.endereco = conditional_escape(static(self.caminho))
        return self.endereco


@register.tag
def estatico(parser, token):
    partes = token.split_contents()
    literal = partes[1] if len(partes) == 2 else ""
    if len(literal) < 3 or literal[0] not in "\"'" or literal[-1] != literal[0]:
        raise template.TemplateSyntaxError(
            "{% estatico %} pede um só caminho entre aspas: {% estatico 'css/arquivo.css' %}."
        )
    return EstaticoNode(literal[1:-1])
