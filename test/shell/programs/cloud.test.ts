import { describe, it } from 'vitest';
import { EXEC, expectCategories, NET, ONLY_EXEC, SYS, type CategoryCase } from '../support';

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
