#!/usr/bin/env bash
# Os dois comandos do README numa raiz Debian 12 (bookworm) mínima: debootstrap minbase, mais
# python3 e make, nada mais (.ci/run explica os passos). A raiz base fica guardada em
# /var/cache/emancipacao-ci (refeita a cada 7 dias); a preparação do projeto nunca: cada
# execução começa de uma cópia limpa da raiz base.
set -euo pipefail
cd "$(dirname "$0")/.."
PROJETO=$(pwd)
CACHE=/var/cache/emancipacao-ci
BASE=$CACHE/bookworm-minbase-python3-make.tar
RAIZ=$(mktemp -d /var/tmp/raiz-minima.XXXXXX)
ESPELHO=${DEBIAN_ESPELHO:-http://deb.debian.org/debian}
USUARIO=novato
export LC_ALL=C.UTF-8

montados=()
matar_na_raiz() {  # os processos que rodam dentro da raiz (cuja / é ela) e casam com $1
  local pid
  for pid in $(pgrep -f "${1:-.}" || true); do
    [ "$(readlink "/proc/$pid/root" 2>/dev/null)" = "$RAIZ" ] && kill "$pid" 2>/dev/null || true
  done
}
limpar() {
  matar_na_raiz; sleep 1
  for ((i = ${#montados[@]} - 1; i >= 0; i--)); do umount -l "${montados[i]}" 2>/dev/null || true; done
  rm -rf --one-file-system "$RAIZ"
}
trap limpar EXIT

passo() { echo "== [raiz mínima $(date +%H:%M:%S)] $*"; }

if ! command -v debootstrap >/dev/null; then
  passo "instalando o debootstrap nesta máquina"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null
fi

if [ ! -f "$BASE" ] || [ -n "$(find "$BASE" -mtime +7)" ]; then
  passo "criando a raiz base (debootstrap --variant=minbase bookworm, python3, make)"
  mkdir -p "$CACHE"
  nova=$(mktemp -d /var/tmp/raiz-base.XXXXXX)
  debootstrap --variant=minbase bookworm "$nova" "$ESPELHO" > /dev/null
  cp /etc/resolv.conf "$nova/etc/resolv.conf"
  chroot "$nova" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive chroot "$nova" \
    apt-get install -y -qq --no-install-recommends python3 make > /dev/null 2>&1
  chroot "$nova" apt-get clean
  tar -C "$nova" -cf "$BASE.novo" .
  mv "$BASE.novo" "$BASE"
  rm -rf --one-file-system "$nova"
fi

passo "raiz limpa a partir da base"
tar -C "$RAIZ" -xf "$BASE"
chmod 755 "$RAIZ"  # o mktemp a cria 0700: a / da raiz precisa ser legível pelo usuário comum
cp /etc/resolv.conf "$RAIZ/etc/resolv.conf"
montar() { mount "$@"; montados+=("${@: -1}"); }
montar -t proc proc "$RAIZ/proc"
montar -t sysfs sys "$RAIZ/sys"
montar --bind /dev "$RAIZ/dev"
montar -t devpts devpts "$RAIZ/dev/pts" -o newinstance,ptmxmode=0666
montar -t tmpfs tmpfs "$RAIZ/dev/shm"
echo "   $(chroot "$RAIZ" python3 --version), $(chroot "$RAIZ" make --version | head -1);" \
  "sem venv: $(chroot "$RAIZ" dpkg-query -W -f='${db:Status-Abbrev}' python3-venv 2>&1 | head -c 20)"

# A rede desta máquina chega ao PyPI por um proxy que inspeciona TLS, com uma CA própria que o
# pip daqui conhece (PIP_CERT ou pip.conf). Ela entra na raiz como configuração de rede — não
# é pacote nem passo do projeto; numa máquina comum não há nada a trazer.
REDE=()
certificado=${PIP_CERT:-$(python3 -m pip config get global.cert 2>/dev/null || true)}
if [ -n "$certificado" ] && [ -f "$certificado" ]; then
  cp "$certificado" "$RAIZ/usr/local/share/ca-da-maquina.crt"
  REDE=(PIP_CERT=/usr/local/share/ca-da-maquina.crt)
fi

copiar() {  # o checkout (arquivos do git, como estão na árvore) em $1 dentro da raiz
  mkdir -p "$RAIZ$1"
  git -C "$PROJETO" ls-files -z | tar -C "$PROJETO" --null -T - -cf - | tar -C "$RAIZ$1" -xf -
}
na_raiz() {
  chroot "$RAIZ" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 "${REDE[@]}" "$@"
}
como_usuario() {
  na_raiz setpriv --reuid="$USUARIO" --regid="$USUARIO" --init-groups \
    env HOME="/home/$USUARIO" bash -c "$1"
}

chroot "$RAIZ" useradd --create-home --shell /bin/bash "$USUARIO"
copiar "/home/$USUARIO/emancipacao"
chroot "$RAIZ" chown -R "$USUARIO:$USUARIO" "/home/$USUARIO/emancipacao"
copiar /root/emancipacao
# A malha do IBGE que o .ci/run achou (fora do repositório) entra na raiz ao lado do projeto.
MALHA=()
if [ -n "${EMANCIPACAO_MALHA_IBGE:-}" ] && [ -d "$EMANCIPACAO_MALHA_IBGE" ]; then
  destino=/root/$(basename "$EMANCIPACAO_MALHA_IBGE")
  mkdir -p "$RAIZ$destino"
  cp -r "$EMANCIPACAO_MALHA_IBGE/." "$RAIZ$destino/"
  MALHA=(EMANCIPACAO_MALHA_IBGE="$destino")
fi

for comando in test run; do
  passo "usuário sem sudo: make $comando (deve parar em < 5 s com a linha do apt-get)"
  t0=$(date +%s%N)
  saida=$(como_usuario "cd ~/emancipacao && make $comando" 2>&1) && codigo=0 || codigo=$?
  ms=$(( ($(date +%s%N) - t0) / 1000000 ))
  echo "$saida" | sed 's/^/   | /'
  [ "$codigo" != 0 ] || { echo "ERRO: make $comando não parou"; exit 1; }
  [ "$ms" -lt 5000 ] || { echo "ERRO: levou $ms ms"; exit 1; }
  echo "$saida" | grep -q "sudo apt-get install -y --no-install-recommends .*python3-venv" \
    || { echo "ERRO: sem a linha do apt-get"; exit 1; }
  [ ! -e "$RAIZ/home/$USUARIO/emancipacao/.venv" ] || { echo "ERRO: criou o .venv"; exit 1; }
  echo "   parou em $ms ms, com a linha de instalação e sem .venv"
done

passo "root: make test"
na_raiz env HOME=/root "${MALHA[@]}" TESTES_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/emancipacao_raiz \
  bash -c "cd /root/emancipacao && time make test"
echo "   .venv de testes: $(du -sh "$RAIZ/root/emancipacao/.venv" | cut -f1)"

servir() {  # $1: quem (root|usuario), $2: pasta do projeto na raiz
  passo "$1: make run"
  local log=/tmp/make-run-$1.log
  if [ "$1" = root ]; then
    na_raiz env HOME=/root setsid bash -c "cd $2 && make run" > "$log" 2>&1 &
  else
    como_usuario "cd $2 && exec setsid make run" > "$log" 2>&1 &
  fi
  python3 "$PROJETO/.ci/conferir_demo.py" "$RAIZ$2/.senhas-demonstracao" "$log" \
    && ok=0 || ok=$?
  matar_na_raiz "manage.py servir"
  wait || true
  sed 's/^/   | /' "$log" | tail -30
  [ "$ok" = 0 ] || { echo "ERRO: make run ($1)"; exit 1; }
}
servir root /root/emancipacao
echo "   .venv de testes + execução (root): $(du -sh "$RAIZ/root/emancipacao/.venv" | cut -f1)"
servir usuario "/home/$USUARIO/emancipacao"
echo "   .venv só de execução: $(du -sh "$RAIZ/home/$USUARIO/emancipacao/.venv" | cut -f1)"
passo "tudo certo"
