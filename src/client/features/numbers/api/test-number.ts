import { useMutation } from '@tanstack/react-query';
import type { TestResult } from '../../../../shared/checks.ts';
import { apiPost } from '../../../lib/api.ts';

/** Calls the number's provider link once; nothing is stored. */
export const testNumber = (id: string) =>
  apiPost<TestResult>(`/v1/numbers/${encodeURIComponent(id)}/test`);

export const useTestNumber = () => useMutation({ mutationFn: testNumber });
