import { describe, it } from 'vitest';
import { installed } from '../support/realPrograms';
import { attacker, caseWorkspace, expectRefused, expectRuns, type HiddenCase } from './hiddenCodeSupport';

const PAYLOAD = 'touch marker\n';
const HOOK = '#!/bin/sh\ntouch marker\n';

const WRITTEN_BY_THE_LINE: readonly HiddenCase[] = [
  { name: 'a script echoed, then given to bash', command: "echo 'touch marker' > src/x.sh; bash src/x.sh", expected: 'failsClosed', program: 'bash' },
  { name: 'a script written by a heredoc, then given to sh', command: 'cat > src/x.sh <<EOF\ntouch marker\nEOF\nsh src/x.sh', expected: 'failsClosed', program: 'sh' },
  { name: 'a script written by tee', command: "echo 'touch marker' | tee src/x.sh > /dev/null; sh src/x.sh", expected: 'failsClosed', program: 'tee' },
  { name: 'a harmless script overwritten by cp', command: 'cp src/payload.txt src/x.sh; bash src/x.sh', files: { 'src/x.sh': 'echo hi\n', 'src/payload.txt': PAYLOAD }, expected: 'failsClosed', program: 'cp' },
  { name: 'a script moved into place by mv', command: 'mv src/payload.txt src/x.sh && bash src/x.sh', files: { 'src/x.sh': 'echo hi\n', 'src/payload.txt': PAYLOAD }, expected: 'failsClosed', program: 'mv' },
  { name: 'a script made executable and run by its path', command: "printf '#!/bin/sh\\ntouch marker\\n' > src/x.sh; chmod +x src/x.sh && ./src/x.sh", expected: 'failsClosed', program: 'chmod' },
  { name: 'a script written, then sourced', command: "echo 'touch marker' > src/x.sh; source src/x.sh", expected: 'failsClosed', program: 'bash' },
  { name: 'a script written, then sourced with .', command: "echo 'touch marker' > src/x.sh; . src/x.sh", expected: 'failsClosed', program: 'bash' },
  { name: 'a script written after it runs, in a loop', command: "for i in 1 2; do bash src/x.sh; echo 'touch marker' > src/x.sh; done", files: { 'src/x.sh': 'echo hi\n' }, expected: 'failsClosed', program: 'bash' },
  { name: 'a folder of scripts copied over', command: 'rm -rf src/tools; cp -r src/kit src/tools && bash src/tools/x.sh', files: { 'src/kit/x.sh': PAYLOAD, 'src/tools/x.sh': 'echo hi\n' }, expected: 'failsClosed', program: 'cp' },
  { name: 'a script written to a path built at run time', command: 'f=src/x.sh; echo "touch marker" > "$f"; bash src/x.sh', files: { 'src/x.sh': 'echo hi\n' }, expected: 'failsClosed', program: 'bash' },
  { name: 'a Makefile written, then made', command: "printf 'all:\\n\\ttouch ../marker\\n' > src/Makefile; make -C src", expected: 'failsClosed', program: 'make' },
  { name: 'an included makefile written, then made', command: "printf 'x:\\n\\ttouch ../marker\\n' > src/inc.mk; make -C src", files: { 'src/Makefile': 'include inc.mk\n' }, expected: 'failsClosed', program: 'make' },
  { name: 'a package.json written, then its script run', command: `echo '{"scripts":{"go":"touch ../marker"}}' > src/package.json; cd src && npm run -s go`, expected: 'failsClosed', program: 'npm' },
  { name: 'a package.json written, then installed', command: `echo '{"name":"x","version":"1.0.0","scripts":{"preinstall":"touch ../marker"}}' > src/package.json; cd src && npm install --offline --no-audit --no-fund`, expected: 'failsClosed', program: 'npm' },
  { name: 'a justfile written, then run', command: "printf 'b:\\n    touch ../marker\\n' > src/justfile; cd src && just b", expected: 'failsClosed', program: 'just' },
  { name: 'a Taskfile written, then run', command: "printf 'version: 3\\ntasks:\\n  b: touch ../marker\\n' > src/Taskfile.yml; cd src && task b", expected: 'failsClosed', program: 'task' },
  { name: 'a hook written into a new repository, then triggered', command: "git init -q src/r && printf '#!/bin/sh\\ntouch ../../marker\\n' > src/r/.git/hooks/pre-commit && chmod +x src/r/.git/hooks/pre-commit && git -C src/r commit -q --allow-empty -m x", expected: 'failsClosed', program: 'git' },
  { name: 'an alias appended to a new repository config, then run', command: "git init -q src/r && printf '[alias]\\n\\tx = !touch ../../marker\\n' >> src/r/.git/config && git -C src/r x", expected: 'failsClosed', program: 'git' },
  { name: 'a pager stored with git config, then used', command: "git init -q src/r && git -C src/r config core.pager sh && git -C src/r log", expected: 'failsClosed' },
];

const START_UP_FILES: readonly HiddenCase[] = [
  { name: 'BASH_ENV sourced by bash -c', command: 'BASH_ENV=./run bash -c :', files: { run: PAYLOAD }, expected: 'readsPayload', program: 'bash' },
  { name: 'BASH_ENV exported for a later bash', command: 'export BASH_ENV=./run; bash -c :', files: { run: PAYLOAD }, expected: 'readsPayload', program: 'bash' },
  { name: 'BASH_ENV through env', command: 'env BASH_ENV=./run bash -c :', files: { run: PAYLOAD }, expected: 'readsPayload', program: 'bash' },
  { name: 'ENV sourced by an interactive sh', command: 'ENV=./run sh -i -c :', files: { run: PAYLOAD }, expected: 'readsPayload', program: 'sh' },
  { name: 'bash --rcfile', command: 'bash --rcfile run -i -c :', files: { run: PAYLOAD }, expected: 'readsPayload', program: 'bash' },
  { name: 'bash --init-file', command: 'bash --init-file run -i -c :', files: { run: PAYLOAD }, expected: 'readsPayload', program: 'bash' },
  { name: 'bash < file', command: 'bash < run', files: { run: PAYLOAD }, expected: 'readsPayload', program: 'bash' },
  { name: 'bash -s < file', command: 'bash -s < run', files: { run: PAYLOAD }, expected: 'readsPayload', program: 'bash' },
  { name: 'sh < file', command: 'sh < run', files: { run: PAYLOAD }, expected: 'readsPayload', program: 'sh' },
  { name: 'cat file | bash', command: 'cat run | bash', files: { run: PAYLOAD }, expected: 'failsClosed', program: 'bash' },
  { name: 'BASH_ENV naming a file that does not exist', command: 'BASH_ENV=./missing bash -c :', expected: 'failsClosed' },
  { name: 'BASH_ENV outside the workspace', command: 'BASH_ENV=/tmp/intentgate-startup bash -c :', expected: 'failsClosed' },
  { name: 'BASH_ENV built at run time', command: 'BASH_ENV=$F bash -c :', expected: 'failsClosed' },
  { name: 'BASH_ENV holding a command substitution', command: "BASH_ENV='$(touch marker)' bash -c :", expected: 'failsClosed', program: 'bash' },
  { name: '--rcfile naming a file that does not exist', command: 'bash --rcfile nothing -i', expected: 'failsClosed' },
  { name: 'a FIFO fed to bash', command: 'bash < src/pipe', fifos: ['src/pipe'], expected: 'failsClosed' },
  { name: 'an interactive bash reading the caller', command: 'bash -i', expected: 'failsClosed' },
];

const PROGRAM_FOLDERS: readonly HiddenCase[] = [
  { name: 'a relative PATH entry before a command', command: 'PATH=./bin:$PATH ls', files: { 'bin/ls': HOOK }, executable: ['bin/ls'], expected: 'failsClosed', program: 'ls' },
  { name: 'a PATH entry without ./', command: 'PATH=bin:$PATH ls', files: { 'bin/ls': HOOK }, executable: ['bin/ls'], expected: 'failsClosed', program: 'ls' },
  { name: 'an exported PATH', command: 'export PATH=bin:$PATH; ls', files: { 'bin/ls': HOOK }, executable: ['bin/ls'], expected: 'failsClosed', program: 'ls' },
  { name: 'an empty PATH entry, the current folder', command: 'PATH=:$PATH ls', files: { ls: HOOK }, executable: ['ls'], expected: 'failsClosed', program: 'ls' },
  { name: 'PATH appended to', command: 'PATH+=:bin; nothing-here', files: { 'bin/nothing-here': HOOK }, executable: ['bin/nothing-here'], expected: 'failsClosed', program: 'bash' },
  { name: 'PATH through env', command: 'env PATH=bin:/usr/bin:/bin ls', files: { 'bin/ls': HOOK }, executable: ['bin/ls'], expected: 'failsClosed', program: 'ls' },
  { name: 'PATH built from $PWD', command: 'PATH=$PWD/bin:$PATH ls', files: { 'bin/ls': HOOK }, executable: ['bin/ls'], expected: 'failsClosed', program: 'ls' },
  { name: 'PATH built by a substitution', command: 'PATH=$(pwd)/bin:$PATH ls', files: { 'bin/ls': HOOK }, executable: ['bin/ls'], expected: 'failsClosed', program: 'ls' },
  { name: 'LD_PRELOAD', command: 'LD_PRELOAD=./src/x.so id', expected: 'failsClosed' },
  { name: 'NODE_OPTIONS requiring a file', command: 'NODE_OPTIONS="--require ./src/x.js" node -e 0', files: { 'src/x.js': "require('fs').writeFileSync('marker', '')\n" }, expected: 'failsClosed', program: 'node' },
  { name: 'PERL5OPT loading a module', command: 'PERL5OPT=-Msrc::X perl -e 0', expected: 'failsClosed' },
  { name: 'HOME moved to the workspace', command: 'HOME=src git log', expected: 'failsClosed' },
];

const GIT_CONFIGURATION: readonly HiddenCase[] = [
  { name: 'GIT_CONFIG_COUNT setting a pager', command: 'GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.pager GIT_CONFIG_VALUE_0=sh git log', repository: true, expected: 'failsClosed' },
  { name: 'GIT_CONFIG_COUNT setting an alias', command: "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=alias.x GIT_CONFIG_VALUE_0='!touch marker' git x", repository: true, expected: 'failsClosed', program: 'git' },
  { name: 'GIT_CONFIG_PARAMETERS', command: `GIT_CONFIG_PARAMETERS="'alias.x=!touch marker'" git x`, repository: true, expected: 'failsClosed', program: 'git' },
  { name: 'GIT_CONFIG_GLOBAL naming a file of the workspace', command: 'GIT_CONFIG_GLOBAL=src/cfg git x', files: { 'src/cfg': '[alias]\n\tx = !touch marker\n' }, repository: true, expected: 'failsClosed', program: 'git' },
  { name: 'GIT_CONFIG_SYSTEM', command: 'GIT_CONFIG_SYSTEM=src/cfg git log', expected: 'failsClosed' },
  { name: 'GIT_DIR naming another repository', command: 'GIT_DIR=src/r/.git git log', expected: 'failsClosed' },
  { name: 'GIT_WORK_TREE', command: 'GIT_WORK_TREE=src git status', expected: 'failsClosed' },
  { name: 'GIT_EXEC_PATH', command: 'GIT_EXEC_PATH=src git status', expected: 'failsClosed' },
  { name: 'GIT_TEMPLATE_DIR', command: 'GIT_TEMPLATE_DIR=src/t git init -q src/r', expected: 'failsClosed' },
  { name: 'GIT_PAGER set on the line', command: 'GIT_PAGER=sh git log', expected: 'failsClosed' },
  { name: 'PAGER set on the line', command: 'PAGER=sh git log', expected: 'failsClosed' },
  { name: 'GIT_EDITOR running the payload', command: "GIT_EDITOR='touch marker;:' git commit -q --allow-empty", repository: true, expected: 'readsPayload', program: 'git' },
  { name: 'git -c include.path', command: 'git -c include.path="$PWD/src/cfg" x', files: { 'src/cfg': '[alias]\n\tx = !touch marker\n' }, repository: true, expected: 'failsClosed', program: 'git' },
  { name: 'git -c includeIf', command: 'git -c includeIf.gitdir:/.path=src/cfg log', expected: 'failsClosed' },
  { name: 'git --config-env naming an include', command: 'git --config-env=include.path=CFG log', expected: 'failsClosed' },
  { name: 'git -c with a key built at run time', command: 'git -c "$K=sh" log', expected: 'failsClosed' },
  { name: 'git -c core.hooksPath built at run time', command: 'git -c core.hooksPath=$H commit -m x', expected: 'failsClosed' },
  { name: 'the ext:: transport', command: "git -c protocol.ext.allow=always clone 'ext::sh -c touch% marker' src/r", expected: 'failsClosed', program: 'git' },
  { name: 'the ext:: transport in a fetch', command: "git fetch 'ext::sh -c touch% marker'", expected: 'failsClosed' },
  { name: 'protocol.allow=always', command: 'git -c protocol.allow=always fetch origin', expected: 'failsClosed' },
  { name: 'git --git-dir', command: 'git --git-dir=src/r/.git log', expected: 'failsClosed' },
  { name: 'git --exec-path=', command: 'git --exec-path=src status', expected: 'failsClosed' },
  { name: 'git clone --template', command: 'git clone --template=src/t https://example.com/r src/r', expected: 'failsClosed' },
  { name: 'a stored include.path', command: 'git config include.path src/cfg', expected: 'failsClosed' },
  { name: '.git/config appended to, then git', command: "printf '[alias]\\n\\tx = !touch marker\\n' >> .git/config; git x", repository: true, expected: 'failsClosed', program: 'git' },
];

const LIFECYCLE_SCRIPTS: readonly HiddenCase[] = [
  { name: 'npm pack runs prepack', command: 'cd src && npm pack --dry-run --offline', files: { 'src/package.json': '{"name":"x","version":"1.0.0","scripts":{"prepack":"touch ../marker"}}' }, expected: 'readsPayload', program: 'npm' },
  { name: 'npm install runs preinstall', command: 'cd src && npm install --offline --no-audit --no-fund', files: { 'src/package.json': '{"name":"x","version":"1.0.0","scripts":{"preinstall":"touch ../marker"}}' }, expected: 'readsPayload', program: 'npm' },
  { name: 'npm ci runs postinstall', command: 'cd src && npm ci --offline', files: { 'src/package.json': '{"name":"x","version":"1.0.0","scripts":{"postinstall":"touch ../marker"}}' }, expected: 'readsPayload' },
  { name: 'npm publish runs prepublishOnly', command: 'cd src && npm publish --dry-run', files: { 'src/package.json': '{"name":"x","version":"1.0.0","scripts":{"prepublishOnly":"touch ../marker"}}' }, expected: 'readsPayload' },
  { name: 'npm version runs preversion', command: 'cd src && npm version patch', files: { 'src/package.json': '{"name":"x","version":"1.0.0","scripts":{"preversion":"touch ../marker"}}' }, expected: 'readsPayload' },
  { name: 'npm test runs pretest', command: 'cd src && npm test', files: { 'src/package.json': '{"name":"x","version":"1.0.0","scripts":{"pretest":"touch ../marker","test":"true"}}' }, expected: 'readsPayload', program: 'npm' },
  { name: 'npm rebuild runs install', command: 'cd src && npm rebuild', files: { 'src/package.json': '{"name":"x","version":"1.0.0","scripts":{"install":"touch ../marker"}}' }, expected: 'readsPayload' },
  { name: 'yarn pack runs prepack', command: 'cd src && yarn pack', files: { 'src/package.json': '{"name":"x","version":"1.0.0","scripts":{"prepack":"touch ../marker"}}' }, expected: 'readsPayload' },
  { name: 'pnpm install runs prepare', command: 'cd src && pnpm install', files: { 'src/package.json': '{"name":"x","version":"1.0.0","scripts":{"prepare":"touch ../marker"}}' }, expected: 'readsPayload' },
];

const BUILD_FILES: readonly HiddenCase[] = [
  { name: 'a Makefile include', command: 'make -C src', files: { 'src/Makefile': 'include inc.mk\nall:\n\techo hi\n', 'src/inc.mk': 'x:\n\ttouch ../marker\n' }, expected: 'readsPayload', program: 'make' },
  { name: 'an include built at run time', command: 'make -C src', files: { 'src/Makefile': 'include $(shell echo inc).mk\nall:\n\techo hi\n' }, expected: 'failsClosed' },
  { name: 'an include of a file outside the workspace', command: 'make -C src', files: { 'src/Makefile': 'include /etc/hostname\nall:\n\techo hi\n' }, expected: 'failsClosed' },
  { name: 'SHELL set in the Makefile', command: 'make -C src', files: { 'src/Makefile': 'SHELL := ./run\nall:\n\techo hi\n', 'src/run': '#!/bin/sh\ntouch ../marker\n' }, executable: ['src/run'], expected: 'failsClosed', program: 'make' },
  { name: 'SHELL set on the command line', command: 'make -C src SHELL=./run', files: { 'src/Makefile': 'all:\n\techo hi\n', 'src/run': '#!/bin/sh\ntouch ../marker\n' }, executable: ['src/run'], expected: 'failsClosed', program: 'make' },
  { name: '.SHELLFLAGS', command: 'make -C src', files: { 'src/Makefile': '.SHELLFLAGS := --rcfile run -c\nall:\n\techo hi\n' }, expected: 'failsClosed' },
  { name: 'MAKEFLAGS in the Makefile', command: 'make -C src', files: { 'src/Makefile': 'MAKEFLAGS += --eval=x\nall:\n\techo hi\n' }, expected: 'failsClosed' },
  { name: 'MAKEFLAGS on the line', command: 'MAKEFLAGS=-fother.mk make -C src', files: { 'src/Makefile': 'all:\n\techo hi\n' }, expected: 'failsClosed' },
  { name: 'MAKEFILES on the line', command: 'MAKEFILES=src/x.mk make -C src', files: { 'src/Makefile': 'all:\n\techo hi\n' }, expected: 'failsClosed' },
  { name: 'make --eval', command: "make -C src --eval='x:; touch ../marker' x", files: { 'src/Makefile': 'all:\n\techo hi\n' }, expected: 'failsClosed', program: 'make' },
  { name: 'make -f a file of the workspace', command: 'make -f src/x.mk', files: { 'src/x.mk': 'all:\n\ttouch marker\n' }, expected: 'readsPayload', program: 'make' },
  { name: 'a recipe variable set on the command line', command: "make -C src CMD='touch ../marker'", files: { 'src/Makefile': 'all:\n\t$(CMD)\n' }, expected: 'readsPayload', program: 'make' },
  { name: 'a recipe whose command is built at run time', command: 'make -C src', files: { 'src/Makefile': 'all:\n\t$$(echo touch) ../marker\n' }, expected: 'failsClosed', program: 'make' },
  { name: 'a PATH the Makefile exports to its recipes', command: 'make -C src', files: { 'src/Makefile': 'export PATH := ./bin:$(PATH)\nall:\n\tls\n' }, expected: 'failsClosed' },
  { name: '$(eval) in a Makefile', command: 'make -C src', files: { 'src/Makefile': '$(eval x: ; touch ../marker)\nall: x\n' }, expected: 'failsClosed' },
  { name: 'a justfile recipe', command: 'just -f src/justfile b', files: { 'src/justfile': 'b:\n    touch ../marker\n' }, expected: 'readsPayload', program: 'just' },
  { name: 'a justfile recipe with arguments', command: "cd src && just run 'touch ../marker'", files: { 'src/justfile': 'run cmd:\n    {{cmd}}\n' }, expected: 'readsPayload', program: 'just' },
  { name: 'a justfile choosing another shell', command: 'cd src && just b', files: { 'src/justfile': 'set shell := ["python3", "-c"]\nb:\n    print(1)\n' }, expected: 'failsClosed' },
  { name: 'a justfile importing another', command: 'cd src && just b', files: { 'src/justfile': "import 'other.just'\nb:\n    echo hi\n" }, expected: 'failsClosed' },
  { name: 'a justfile loading a dotenv file', command: 'cd src && just b', files: { 'src/justfile': 'set dotenv-load\nb:\n    echo hi\n' }, expected: 'failsClosed' },
  { name: 'a justfile recipe in another language', command: 'cd src && just b', files: { 'src/justfile': 'b:\n    #!/usr/bin/env python3\n    print(1)\n' }, expected: 'failsClosed' },
  { name: 'just --shell', command: 'cd src && just --shell zsh b', files: { 'src/justfile': 'b:\n    echo hi\n' }, expected: 'failsClosed' },
  { name: 'just --command', command: "cd src && just --command 'touch ../marker'", files: { 'src/justfile': 'b:\n    echo hi\n' }, expected: 'failsClosed' },
  { name: 'a Taskfile task', command: 'cd src && task b', files: { 'src/Taskfile.yml': 'version: "3"\ntasks:\n  b:\n    cmds:\n      - touch ../marker\n' }, expected: 'readsPayload', program: 'task' },
  { name: 'a Taskfile task run by another', command: 'cd src && task', files: { 'src/Taskfile.yml': 'version: "3"\ntasks:\n  default:\n    deps: [b]\n  b: touch ../marker\n' }, expected: 'readsPayload', program: 'task' },
  { name: 'a Taskfile including another', command: 'cd src && task b', files: { 'src/Taskfile.yml': 'version: "3"\nincludes:\n  x: ./other.yml\ntasks:\n  b: echo hi\n' }, expected: 'failsClosed' },
  { name: 'a Taskfile loading a dotenv file', command: 'cd src && task b', files: { 'src/Taskfile.yml': 'version: "3"\ndotenv: [".env"]\ntasks:\n  b: echo hi\n' }, expected: 'failsClosed' },
];

const INTERPRETER_CALLS: readonly HiddenCase[] = [
  { name: 'perl system without parentheses', command: `perl -e 'system "touch marker"'`, expected: 'readsPayload', program: 'perl' },
  { name: 'perl system with a list', command: `perl -e 'system "touch", "marker"'`, expected: 'readsPayload', program: 'perl' },
  { name: 'perl exec', command: `perl -e 'exec "touch marker"'`, expected: 'readsPayload', program: 'perl' },
  { name: 'perl qx()', command: `perl -e 'qx(touch marker)'`, expected: 'readsPayload', program: 'perl' },
  { name: 'perl qx{}', command: `perl -e 'qx{touch marker}'`, expected: 'readsPayload', program: 'perl' },
  { name: 'perl backticks', command: "perl -e '`touch marker`'", expected: 'readsPayload', program: 'perl' },
  { name: 'perl open into a pipe', command: `perl -e 'open(F, "| touch marker"); close F'`, expected: 'readsPayload', program: 'perl' },
  { name: 'perl open from a pipe with a list', command: `perl -e 'open(my $f, "-|", "touch", "marker"); close $f'`, expected: 'readsPayload', program: 'perl' },
  { name: 'perl system of a variable', command: `perl -e '$c = "touch marker"; system $c'`, expected: 'failsClosed', program: 'perl' },
  { name: 'perl system of an interpolated string', command: `perl -e '$m = "marker"; system "touch $m"'`, expected: 'failsClosed', program: 'perl' },
  { name: 'python os.execvp', command: `python3 -c 'import os; os.execvp("touch", ["touch", "marker"])'`, expected: 'readsPayload', program: 'python3' },
  { name: 'python os.execl', command: `python3 -c 'import os; os.execl("/usr/bin/touch", "touch", "marker")'`, expected: 'readsPayload', program: 'python3' },
  { name: 'python os.spawnvp', command: `python3 -c 'import os; os.spawnvp(os.P_WAIT, "touch", ["touch", "marker"])'`, expected: 'readsPayload', program: 'python3' },
  { name: 'python os.posix_spawnp', command: `python3 -c 'import os; os.waitpid(os.posix_spawnp("touch", ["touch", "marker"], os.environ), 0)'`, expected: 'readsPayload', program: 'python3' },
  { name: 'python os.popen', command: `python3 -c 'import os; os.popen("touch marker").read()'`, expected: 'readsPayload', program: 'python3' },
  { name: 'python subprocess with a list', command: `python3 -c 'import subprocess; subprocess.run(["touch", "marker"])'`, expected: 'readsPayload', program: 'python3' },
  { name: 'python subprocess imported under another name', command: `python3 -c 'import subprocess as sp; sp.call("touch marker", shell=True)'`, expected: 'readsPayload', program: 'python3' },
  { name: 'python system imported by name', command: `python3 -c 'from os import system; system("touch marker")'`, expected: 'readsPayload', program: 'python3' },
  { name: 'python asyncio.create_subprocess_exec', command: `python3 -c 'import asyncio; asyncio.run(asyncio.create_subprocess_exec("touch", "marker"))'`, expected: 'readsPayload', program: 'python3' },
  { name: 'python pty.spawn', command: `python3 -c 'import pty; pty.spawn(["touch", "marker"])'`, expected: 'readsPayload', program: 'python3' },
  { name: 'python subprocess of a variable', command: `python3 -c 'import subprocess; c = "touch marker"; subprocess.run(c, shell=True)'`, expected: 'failsClosed', program: 'python3' },
  { name: 'python os.system of an f-string', command: `python3 -c 'import os; m = "marker"; os.system(f"touch {m}")'`, expected: 'failsClosed', program: 'python3' },
  { name: 'python __import__ of a variable', command: `python3 -c 'm = "os"; __import__(m).system("touch marker")'`, expected: 'failsClosed', program: 'python3' },
  { name: 'node execSync', command: `node -e "require('child_process').execSync('touch marker')"`, expected: 'readsPayload', program: 'node' },
  { name: 'node spawnSync with a list', command: `node -e "require('child_process').spawnSync('touch', ['marker'])"`, expected: 'readsPayload', program: 'node' },
  { name: 'node execFileSync', command: `node -e "require('child_process').execFileSync('touch', ['marker'])"`, expected: 'readsPayload', program: 'node' },
  { name: 'node exec of a template string', command: "node -e 'const m = \"marker\"; require(\"child_process\").execSync(`touch ${m}`)'", expected: 'failsClosed', program: 'node' },
  { name: 'node code built at run time', command: 'node -e "$CODE"', expected: 'failsClosed' },
  { name: 'node require of a variable', command: `node -e "const c = 'child_process'; require(c).execSync('ls')"`, expected: 'failsClosed' },
  { name: 'ruby system', command: `ruby -e 'system "touch marker"'`, expected: 'readsPayload', program: 'ruby' },
  { name: 'ruby %x()', command: `ruby -e '%x(touch marker)'`, expected: 'readsPayload', program: 'ruby' },
  { name: 'ruby IO.popen with a list', command: `ruby -e 'IO.popen(["touch", "marker"]).read'`, expected: 'readsPayload', program: 'ruby' },
  { name: 'ruby spawn', command: `ruby -e 'Process.wait(spawn("touch marker"))'`, expected: 'readsPayload', program: 'ruby' },
  { name: 'ruby open of a pipe', command: `ruby -e 'open("|touch marker").read'`, expected: 'readsPayload', program: 'ruby' },
  { name: 'ruby system of an interpolated string', command: `ruby -e 'm = "marker"; system "touch #{m}"'`, expected: 'failsClosed', program: 'ruby' },
  { name: 'awk system of a concatenation', command: `awk 'BEGIN { system("touch " "marker") }'`, expected: 'failsClosed', program: 'awk' },
];

const SQLITE_COMMANDS: readonly HiddenCase[] = [
  { name: '.shell in an argument', command: "sqlite3 src/x.db '.shell touch marker'", expected: 'readsPayload', program: 'sqlite3' },
  { name: '.system in an argument', command: "sqlite3 src/x.db '.system touch marker'", expected: 'readsPayload', program: 'sqlite3' },
  { name: '.shell on stdin', command: "echo '.shell touch marker' | sqlite3 src/x.db", expected: 'readsPayload', program: 'sqlite3' },
  { name: '.shell in a heredoc', command: 'sqlite3 src/x.db <<EOF\n.shell touch marker\nEOF', expected: 'readsPayload', program: 'sqlite3' },
  { name: '.shell in -cmd', command: "sqlite3 -cmd '.shell touch marker' src/x.db .quit", expected: 'readsPayload', program: 'sqlite3' },
  { name: '.shell in an -init file', command: 'sqlite3 -init src/init.sql src/x.db .quit', files: { 'src/init.sql': '.shell touch marker\n' }, expected: 'readsPayload', program: 'sqlite3' },
  { name: '.shell in a file on stdin', command: 'sqlite3 src/x.db < src/cmds.sql', files: { 'src/cmds.sql': '.shell touch marker\n' }, expected: 'readsPayload', program: 'sqlite3' },
  { name: '.output writing a file', command: "sqlite3 src/x.db '.output marker' 'select 1;'", expected: 'readsPayload', program: 'sqlite3' },
  { name: '.once writing a file', command: "sqlite3 src/x.db '.once marker' 'select 1;'", expected: 'readsPayload', program: 'sqlite3' },
  { name: '.output into a pipe', command: "sqlite3 src/x.db '.output |touch marker' 'select 1;'", expected: 'readsPayload', program: 'sqlite3' },
  { name: '.read of a pipe', command: `sqlite3 src/x.db ".read '|touch marker'"`, expected: 'readsPayload', program: 'sqlite3' },
  { name: '.import from a pipe', command: `sqlite3 src/x.db ".import '|touch marker' t"`, expected: 'readsPayload', program: 'sqlite3' },
  { name: '.shell abbreviated', command: "sqlite3 src/x.db '.sh touch marker'", expected: 'readsPayload', program: 'sqlite3' },
  { name: '.load', command: "sqlite3 src/x.db '.load src/x.so'", expected: 'failsClosed' },
  { name: 'load_extension()', command: `sqlite3 src/x.db "select load_extension('src/x.so');"`, expected: 'failsClosed' },
  { name: 'commands built at run time', command: 'sqlite3 src/x.db "$SQL"', expected: 'failsClosed' },
  { name: 'an -init file that does not exist', command: 'sqlite3 -init src/none.sql src/x.db .quit', expected: 'failsClosed' },
];

const GROUPS: readonly (readonly [string, readonly HiddenCase[]])[] = [
  ['code the same line writes', WRITTEN_BY_THE_LINE],
  ['start-up files and programs read from stdin', START_UP_FILES],
  ['folders and variables that choose the programs run', PROGRAM_FOLDERS],
  ['git configuration from the line and the environment', GIT_CONFIGURATION],
  ['package lifecycle scripts', LIFECYCLE_SCRIPTS],
  ['Makefile includes and settings, justfiles and Taskfiles', BUILD_FILES],
  ['processes started by inline code', INTERPRETER_CALLS],
  ['sqlite3 dot commands', SQLITE_COMMANDS],
];

describe.each(GROUPS)('hidden code: %s', (_group, cases) => {
  it.each(cases)('refuses $name', (hidden) => {
    expectRefused(attacker(caseWorkspace(hidden)).handleToolCall('execute_command', { command: hidden.command }), hidden);
  });

  const real = cases.filter((hidden) => hidden.program !== undefined && installed(hidden.program));
  if (real.length > 0) {
    it.each(real)('$name does run the hidden code for real', (hidden) => {
      expectRuns(hidden);
    });
  }
});
