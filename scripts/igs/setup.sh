#!/bin/bash
# Builds Beling's Cram solver igs (impartial-games 07a34e6) offline, for
# the side-by-side timings of docs/benchmarks.md (Cram against igs):
#
#   scripts/igs/setup.sh DIR    # then DIR/driver/target/release/igscram ROWS COLS
#
# It needs bare git mirrors of igs and of its dependencies in $MIRRORS
# (default /work/.mirror, as OWNER+NAME/repo), extracts them at the
# commits and tags below into DIR/src, points every dependency at its
# path (and drops the optional and Windows-only ones), copies the driver
# (this directory: igsolve's Cram defaults without its command-line
# crate) into DIR/driver and builds it with target-cpu=native.
set -e
HERE=$(cd "$(dirname "$0")" && pwd)
M=${MIRRORS:-/work/.mirror}; D=${1:?usage: setup.sh DIR}; S=$D/src; mkdir -p $S
ex(){ # mirror ref subdir dest
  mkdir -p $S/$4
  if [ -n "$3" ]; then git -C $M/$1/repo archive $2 $3 | tar -x -C $S/$4 --strip-components=$(echo $3 | awk -F/ '{print NF}')
  else git -C $M/$1/repo archive $2 | tar -x -C $S/$4; fi; }
ex beling+impartial-games 07a34e6 "" impartial-games
BS=eeedbce79d01a441b365248fe8179556ef9f4a78   # bsuccinct-rs, last commit before igs 07a34e6 (2025-09-14): ph 0.10.0
for c in ph bitm binout dyn_size_of seedable_hash csf minimum_redundancy fsum; do ex beling+bsuccinct-rs $BS $c $c; done
ex rayon-rs+rayon v1.11.0 "" rayon-repo          # rayon 1.11.0 + rayon-core 1.13.0
ex rayon-rs+either 1.15.0 "" either
ex crossbeam-rs+crossbeam crossbeam-deque-0.8.6 crossbeam-deque crossbeam-deque
ex crossbeam-rs+crossbeam crossbeam-epoch-0.9.18 crossbeam-epoch crossbeam-epoch
ex crossbeam-rs+crossbeam crossbeam-utils-0.8.21 crossbeam-utils crossbeam-utils
ex bluss+arrayvec 0.7.6 "" arrayvec
ex rust-lang+libc 0.2.177 "" libc
ex tailhook+cpu-time v1.0.0 "" cpu-time
ex leudz+co_sort 09ceeac "" co_sort                  # 0.2.0 (HEAD)
ex lakwet+voracious_sort dee7e58 "" voracious_radix_sort  # 1.2.0 (HEAD)
ex eldruin+wyhash-rs v0.5.0 "" wyhash
ex rust-random+rand rand_core-0.6.4 rand_core rand_core
# crossbeam subcrates: symlinks into the monorepo replaced by the files, [lints] workspace=true dropped
CB=$M/crossbeam-rs+crossbeam/repo
rm -f $S/crossbeam-utils/build-common.rs $S/crossbeam-utils/no_atomic.rs $S/crossbeam-epoch/src/sync/once_lock.rs
git -C $CB show crossbeam-utils-0.8.21:build-common.rs > $S/crossbeam-utils/build-common.rs
git -C $CB show crossbeam-utils-0.8.21:no_atomic.rs > $S/crossbeam-utils/no_atomic.rs
git -C $CB show crossbeam-epoch-0.9.18:crossbeam-utils/src/sync/once_lock.rs > $S/crossbeam-epoch/src/sync/once_lock.rs
python3 - $S <<'PY'
import re,sys
S=sys.argv[1]+'/'
def sub(path, old, new):
    p=S+path; t=open(p).read()
    if old not in t: raise SystemExit(f'NOT FOUND in {path}: {old!r}')
    open(p,'w').write(t.replace(old,new,1))
for c in ['crossbeam-deque','crossbeam-utils']:
    sub(c+'/Cargo.toml','\n[lints]\nworkspace = true\n','\n')
I='impartial-games/igs/Cargo.toml'
sub(I,'ph = "0.10"','ph = { version = "0.10", path = "../../ph" }')
sub(I,'seedable_hash = "0.2"','seedable_hash = { version = "0.2", path = "../../seedable_hash" }')
sub(I,'dyn_size_of = "0.4"','dyn_size_of = { version = "0.4", path = "../../dyn_size_of" }')
sub(I,'binout = "0.3"','binout = { version = "0.3", path = "../../binout" }')
sub(I,'csf = "0.2.0-alpha.2"','csf = { version = "0.2.0-alpha.2", path = "../../csf" }')
sub(I,'bitm = "0.5"','bitm = { version = "0.5", path = "../../bitm" }')
sub(I,'arrayvec = "0.7"','arrayvec = { version = "0.7", path = "../../arrayvec" }')
sub(I,'co_sort = "0.2.*"','co_sort = { version = "0.2.*", path = "../../co_sort" }')
sub(I,'cpu-time = "1"','cpu-time = { version = "1", path = "../../cpu-time" }')
sub('ph/Cargo.toml','default = ["aligned-vec", "sux"]','default = []')
sub('ph/Cargo.toml','rayon = "1.5"','rayon = { version = "1.5", path = "../rayon-repo" }')
sub('ph/Cargo.toml','arrayvec = "0.7"','arrayvec = { version = "0.7", path = "../arrayvec" }')
sub('ph/Cargo.toml','voracious_radix_sort = { version = "1.2.0",','voracious_radix_sort = { version = "1.2.0", path = "../voracious_radix_sort",')
sub('minimum_redundancy/Cargo.toml','co_sort = "0.2.*"','co_sort = { version = "0.2.*", path = "../co_sort" }')
sub('seedable_hash/Cargo.toml','wyhash = { version="0.5" ,','wyhash = { version="0.5" , path = "../wyhash",')
sub('wyhash/Cargo.toml','rand_core = "0.6"','rand_core = { version = "0.6", path = "../rand_core" }')
sub('cpu-time/Cargo.toml','libc = "0.2.43"','libc = { version = "0.2.43", path = "../libc" }')
sub('cpu-time/Cargo.toml','[target.\'cfg(windows)\'.dependencies]\nwinapi = { version="0.3.5", features=["processthreadsapi", "minwindef"] }\n','# [windows-only winapi dependency removed for offline build]\n')
sub('voracious_radix_sort/Cargo.toml','rayon = { version = "1.7.0",','rayon = { version = "1.7.0", path = "../rayon-repo",')
sub('rayon-repo/Cargo.toml','crossbeam-deque = "0.8.1"','crossbeam-deque = { version = "0.8.1", path = "../crossbeam-deque" }')
sub('rayon-repo/Cargo.toml','crossbeam-utils = "0.8.0"','crossbeam-utils = { version = "0.8.0", path = "../crossbeam-utils" }')
sub('rayon-repo/Cargo.toml','either = { version = "1", default-features = false }','either = { version = "1", default-features = false, path = "../either" }')
PY
mkdir -p $D/driver/src
cp $HERE/Cargo.toml $D/driver/
cp $HERE/src/main.rs $D/driver/src/
cd $D/driver && RUSTFLAGS="-C target-cpu=native" cargo build --release --offline
echo built: $D/driver/target/release/igscram
