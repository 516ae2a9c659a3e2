import { describe, expect, it } from 'vitest';
import {
  EXEC,
  expectCategories,
  expectOperands,
  NET,
  ONLY_EXEC,
  SYS,
  type CategoryCase,
  type OperandCase,
} from '../support';
import { decideEveryday, everydayWorkspace } from '../../support/everydaySession';

// Cloud CLIs and infrastructure tools (src/shell/programs/cloud/cloudSpecs.ts): every call reaches
// a provider's API; the ones that change infrastructure are system changes too.

describe('cloud CLIs and infrastructure tools', () => {
  it.each<CategoryCase>([
    { name: 'reads terraform plan as a provider call', command: 'terraform plan -out tf.plan', expected: [NET, EXEC] },
    {
      name: 'reads terraform apply as an infrastructure change',
      command: 'terraform apply -auto-approve',
      expected: [SYS, NET, EXEC],
    },
    {
      name: 'reads terraform destroy as an infrastructure change',
      command: 'terraform -chdir=infra destroy',
      expected: [SYS, NET, EXEC],
    },
    { name: 'reads aws s3 rm', command: 'aws s3 rm s3://bucket/key', expected: [NET, EXEC] },
    { name: 'reads aws s3 cp', command: 'aws s3 cp dist/ s3://bucket/ --recursive', expected: [NET, EXEC] },
    { name: 'reads gcloud', command: 'gcloud compute instances list', expected: [NET, EXEC] },
    { name: 'reads az', command: 'az vm list', expected: [NET, EXEC] },
  ])('$name', expectCategories);

  it.each<CategoryCase>([
    { name: 'treats terraform fmt as local', command: 'terraform fmt -recursive', expected: ONLY_EXEC },
    { name: 'treats terraform validate as local', command: 'terraform validate', expected: ONLY_EXEC },
    { name: "treats aws' help as local", command: 'aws help', expected: ONLY_EXEC },
    { name: "treats aws' help of a service as local", command: 'aws apigateway help', expected: ONLY_EXEC },
    { name: "treats aws' help of an s3 command as local", command: 'aws s3 help', expected: ONLY_EXEC },
    { name: "treats aws' help of an action as local", command: 'aws ec2 describe-instances help', expected: ONLY_EXEC },
    { name: "treats aws' --help as local", command: 'aws apigatewayv2 --help', expected: ONLY_EXEC },
    { name: "treats gcloud's --help as local", command: 'gcloud apigee --help', expected: ONLY_EXEC },
    { name: "treats gcloud's help command as local", command: 'gcloud help compute instances', expected: ONLY_EXEC },
    { name: "treats gsutil's help command as local", command: 'gsutil help cp', expected: ONLY_EXEC },
    { name: "treats az's -h as local", command: 'az vm create -h', expected: ONLY_EXEC },
  ])('$name', expectCategories);

  // help read narrowly: a word `help` that is a name, an operand or an option's value still calls
  it.each<CategoryCase>([
    {
      name: 'reads an aws operand named help as a call',
      command: 'aws s3 cp help s3://bucket/',
      expected: [NET, EXEC],
    },
    {
      name: 'reads help as the value of an aws option as a call',
      command: 'aws ec2 describe-instances --filters help',
      expected: [NET, EXEC],
    },
    {
      name: 'reads help after aws options as a call',
      command: 'aws --region eu-west-1 ec2 help',
      expected: [NET, EXEC],
    },
    {
      name: 'reads a gcloud instance named help as a call',
      command: 'gcloud compute instances create help',
      expected: [NET, EXEC],
    },
    {
      name: "reads gcloud's --help as another option's value as a call",
      command: 'gcloud compute ssh vm --command=--help',
      expected: [NET, EXEC],
    },
    { name: "reads gsutil's -h as a header, not help", command: 'gsutil -h x:help ls gs://b', expected: [NET, EXEC] },
    { name: 'reads a version request as a call', command: 'az --version', expected: [NET, EXEC] },
  ])('$name', expectCategories);
});

// Values that start with '/' but name things at the provider: SSM parameters, IAM paths, paths
// to invalidate, log groups. A service none of whose actions writes a file here reads its
// operands as names; the others keep them as files the action may write.
describe('aws names that look like paths', () => {
  it.each<OperandCase>([
    {
      name: 'reads the later values of ssm --names as names',
      command: 'aws ssm get-parameters --names /app/one /app/two',
      expected: [],
    },
    { name: 'reads ssm --name as a name', command: 'aws ssm get-parameter --name /app/config', expected: [] },
    {
      name: 'reads ssm --path as a name',
      command: 'aws ssm get-parameters-by-path --path /app/ --recursive',
      expected: [],
    },
    {
      name: 'reads iam --path-prefix as a name',
      command: 'aws iam list-roles --path-prefix /service-role/',
      expected: [],
    },
    {
      name: 'reads cloudfront --paths as the paths to invalidate',
      command: "aws cloudfront create-invalidation --distribution-id E1 --paths '/*' /index.html",
      expected: [],
    },
    {
      name: 'reads the log group of logs tail as a name',
      command: 'aws logs tail /aws/lambda/fn --follow',
      expected: [],
    },
    {
      name: 'reads a secret id as a name',
      command: 'aws secretsmanager get-secret-value --secret-id /prod/db',
      expected: [],
    },
    { name: 'reads --output as the output format', command: 'aws sts get-caller-identity --output json', expected: [] },
    {
      name: 'still writes the code cloudfront get-function saves',
      command: 'aws cloudfront get-function --name f code.js',
      expected: [['code.js', 'overwrite']],
    },
    {
      name: 'still writes the response lambda invoke saves',
      command: 'aws lambda invoke --function-name f out.json',
      expected: [['out.json', 'overwrite']],
    },
    {
      name: 'reads a global flag after the action as a flag',
      command: 'aws s3 sync --delete dist s3://bucket',
      expected: [['dist', 'read']],
    },
  ])('$name', expectOperands);

  it('holds ssm get-parameters --names for the network only, in a session owning the workspace', () => {
    const workspace = everydayWorkspace({ repository: true });
    const { verdict, code, unapproved } = decideEveryday(workspace, 'aws ssm get-parameters --names /app/one /app/two');
    expect({ verdict, code, unapproved }).toEqual({
      verdict: 'ask',
      code: 'needs_approval',
      unapproved: ['NETWORK_RISK'],
    });
  });
});
