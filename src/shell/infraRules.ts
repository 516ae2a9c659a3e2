import type { CommandRule } from './ruleTypes';

const KUBE_CHANGES = ['apply', 'create', 'delete', 'replace', 'patch', 'edit', 'scale', 'autoscale', 'rollout', 'drain', 'cordon', 'uncordon', 'taint', 'label', 'annotate', 'set', 'expose', 'run', 'exec', 'cp', 'debug'];
const DOCKER_NETWORK = ['pull', 'image pull', 'login', 'search', 'run', 'create', 'build', 'buildx build', 'image build', 'container run', 'container create', 'compose up', 'compose pull', 'compose build', 'compose run', 'compose create'];
const DOCKER_REMOVALS = ['rm', 'rmi', 'kill', 'stop', 'container rm', 'container kill', 'container stop', 'container prune', 'image rm', 'image prune', 'volume rm', 'volume prune', 'network rm', 'network prune', 'system prune', 'compose down', 'compose rm', 'compose kill'];

/**
 * Cloud, cluster, infrastructure and container tools. Every call of a cloud CLI reaches its API
 * (NETWORK_RISK); calls that change running services or infrastructure also raise SYSTEM_IMPACT.
 * Pushing an image is GIT_PUBLISH (publishRules.ts).
 */
export const INFRA_RULES: readonly CommandRule[] = [
  {
    category: 'NETWORK_RISK',
    commands: ['kubectl', 'oc', 'helm', 'aws', 'gcloud', 'gsutil', 'az', 'doctl', 'eksctl', 'heroku'],
    note: 'cloud or cluster API call',
    purpose: 'cloud API call',
    examples: ['kubectl get pods', 'helm list -A', 'aws s3 rm s3://bucket/key', 'aws s3 cp f s3://bucket/', 'gcloud projects list', 'az vm list'],
  },
  {
    category: 'SYSTEM_IMPACT',
    commands: ['kubectl', 'oc'],
    subcommands: KUBE_CHANGES,
    note: 'cluster change',
    level: 'infrastructure',
    examples: ['kubectl delete pod web-1', 'kubectl --context prod apply -f k8s/'],
  },
  {
    category: 'SYSTEM_IMPACT',
    commands: ['helm'],
    subcommands: ['install', 'upgrade', 'uninstall', 'delete', 'rollback'],
    note: 'cluster change',
    level: 'infrastructure',
    examples: ['helm install web ./chart', 'helm uninstall web'],
  },
  {
    category: 'NETWORK_RISK',
    commands: ['terraform', 'tofu', 'terragrunt', 'pulumi'],
    subcommands: ['init', 'plan', 'apply', 'destroy', 'import', 'refresh', 'get', 'login', 'logout', 'providers', 'state pull', 'state push', 'force-unlock', 'up', 'preview'],
    note: 'infrastructure provider call',
    purpose: 'provider API call',
    examples: ['terraform plan -out tf.plan', 'terraform init', 'pulumi preview'],
  },
  {
    category: 'SYSTEM_IMPACT',
    commands: ['terraform', 'tofu', 'terragrunt', 'pulumi'],
    subcommands: ['apply', 'destroy', 'import', 'state push', 'state rm', 'taint', 'untaint', 'force-unlock', 'up'],
    note: 'infrastructure change',
    level: 'infrastructure',
    examples: ['terraform apply -auto-approve', 'terraform -chdir=infra destroy', 'pulumi up'],
  },
  {
    category: 'NETWORK_RISK',
    commands: ['docker', 'podman'],
    subcommands: DOCKER_NETWORK,
    // `docker run` pulls an image it does not have, and the container reaches the network
    note: 'image download or container run',
    purpose: 'image download',
    examples: ['docker pull alpine', 'docker run --rm alpine echo hi', 'docker login ghcr.io', 'podman pull alpine'],
  },
  {
    category: 'SYSTEM_IMPACT',
    commands: ['docker', 'podman'],
    subcommands: DOCKER_REMOVALS,
    note: 'container or image removal',
    level: 'containers',
    examples: ['docker rm -f web', 'docker system prune -af', 'docker compose down -v'],
  },
];
