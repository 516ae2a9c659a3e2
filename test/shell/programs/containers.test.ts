import { describe, it } from 'vitest';
import {
  type CategoryCase,
  type CommandsCase,
  DEPS,
  EXEC,
  expectCategories,
  expectCommands,
  expectFailClosed,
  type FailCase,
  GIT,
  NET,
  ONLY_EXEC,
  SUDO,
  SYS,
} from '../support';

// Container engines and cluster tools (src/shell/programs/containers/containerSpecs.ts): pulls and
// cluster calls reach the network, pushes publish, and changes to containers or clusters are
// system changes.

describe('container engines and cluster tools', () => {
  it.each<CategoryCase>([
    { name: 'reads kubectl get as a cluster call', command: 'kubectl get pods -n prod', expected: [NET, EXEC] },
    {
      name: 'reads kubectl delete as a cluster change',
      command: 'kubectl delete pod web-1',
      expected: [SYS, NET, EXEC],
    },
    {
      name: 'reads kubectl apply as a cluster change',
      command: 'kubectl --context prod apply -f k8s/',
      expected: [SYS, NET, EXEC],
    },
    { name: 'reads helm install as a cluster change', command: 'helm install web ./chart', expected: [SYS, NET, EXEC] },
    { name: 'reads helm list as a cluster call', command: 'helm list -A', expected: [NET, EXEC] },
    {
      name: 'reads docker run (it may pull the image)',
      command: 'docker run --rm alpine echo hi',
      expected: [NET, EXEC],
    },
    { name: 'reads docker login', command: 'docker login ghcr.io', expected: [NET, EXEC] },
    { name: 'reads docker push as a publish', command: 'docker push ghcr.io/o/app:1', expected: [GIT, NET, EXEC] },
    { name: 'reads podman pull', command: 'podman pull alpine', expected: [NET, EXEC] },
    { name: 'reads docker rm as a container change', command: 'docker rm -f web', expected: [SYS, EXEC] },
  ])('$name', expectCategories);

  it.each<CategoryCase>([
    { name: 'treats docker ps as a listing', command: 'docker ps -a', expected: ONLY_EXEC },
    { name: 'treats docker images as a listing', command: 'docker images', expected: ONLY_EXEC },
    { name: 'treats kubectl in echo as data', command: 'echo kubectl delete pod x', expected: ONLY_EXEC },
  ])('$name', expectCategories);
});

describe('the command a container exec runs', () => {
  it.each<CommandsCase>([
    {
      name: 'analyses the docker exec command',
      command: 'docker exec c sudo id',
      commands: [['docker', 'exec', 'c', 'sudo', 'id'], ['sudo', 'id'], ['id']],
      categories: [SUDO, EXEC],
    },
    {
      name: 'skips docker exec options and their values',
      command: "docker exec -it -u root c sh -c 'git push'",
      commands: [
        ['docker', 'exec', '-it', '-u', 'root', 'c', 'sh', '-c', 'git push'],
        ['sh', '-c', 'git push'],
        ['git', 'push'],
      ],
      categories: [GIT, NET, EXEC],
    },
    {
      name: 'reads docker container exec',
      command: 'docker container exec -e A=1 c npm install',
      commands: [
        ['docker', 'container', 'exec', '-e', 'A=1', 'c', 'npm', 'install'],
        ['npm', 'install'],
      ],
      categories: [DEPS, NET, EXEC],
    },
    {
      name: 'reads docker global options before exec',
      command: 'docker -H tcp://x exec c sudo id',
      commands: [['docker', '-H', 'tcp://x', 'exec', 'c', 'sudo', 'id'], ['sudo', 'id'], ['id']],
      categories: [SUDO, EXEC],
    },
    {
      name: 'analyses the podman exec command',
      command: 'podman exec c sudo id',
      commands: [['podman', 'exec', 'c', 'sudo', 'id'], ['sudo', 'id'], ['id']],
      categories: [SUDO, EXEC],
    },
    {
      name: 'analyses the kubectl exec command after --, keeping the cluster rule',
      command: 'kubectl exec -n prod pod -- sudo id',
      commands: [['kubectl', 'exec', '-n', 'prod', 'pod', '--', 'sudo', 'id'], ['sudo', 'id'], ['id']],
      categories: [SYS, SUDO, NET, EXEC],
    },
    {
      name: 'analyses the oc exec command',
      command: 'oc exec pod -- git push',
      commands: [
        ['oc', 'exec', 'pod', '--', 'git', 'push'],
        ['git', 'push'],
      ],
      categories: [SYS, GIT, NET, EXEC],
    },
  ])('$name', expectCommands);

  it.each<FailCase>([
    {
      name: 'fails closed on a docker exec option that is not known',
      command: 'docker exec --frob c id',
      reason: 'docker exec option',
    },
  ])('$name', expectFailClosed);
});
