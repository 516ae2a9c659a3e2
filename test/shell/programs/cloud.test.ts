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
