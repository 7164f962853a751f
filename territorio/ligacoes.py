def registrar() -> None:
    pass
