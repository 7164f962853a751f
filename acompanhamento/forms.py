from django import forms
from django.core.validators import EmailValidator

MENSAGEM_INVALIDO = "Informe um endereço de e-mail válido, como nome@exemplo.com.br."


class AcompanharForm(forms.Form):
    email = forms.CharField(
        label="Seu e-mail",
        max_length=254,
        strip=True,
        validators=[EmailValidator(message=MENSAGEM_INVALIDO)],
        error_messages={
            "required": "Informe o endereço de e-mail que receberá os avisos.",
            "max_length": "O endereço de e-mail pode ter no máximo 254 caracteres.",
        },
        widget=forms.EmailInput(attrs={"autocomplete": "email", "inputmode": "email"}),
        help_text=(
            "Você receberá um link de confirmação; os avisos só começam depois dela. O "
            "endereço é usado só para isto e pode ser apagado pelo link em cada mensagem."
        ),
    )
