// What a consumer project's vitest runs in the release rehearsal: the marketplace contract checks, a test each,
// registered by the published package's vitest integration, against its embedded mock (no URL is set).
import { contractTests } from '@tallyport/contract-tests/vitest';

contractTests({ apis: ['marketplace'] });
