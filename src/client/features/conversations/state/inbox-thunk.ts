import { createAsyncThunk } from '@reduxjs/toolkit';
import type { ApiError } from '@client/api/api-error';
import type { AppDispatch, RootState } from '@client/app/store';

/**
 * createAsyncThunk for the inbox's own operations: each shows in Redux DevTools under a readable
 * 'conversations/…' name around the cache patches and requests it makes. Rejects with the ApiError shape.
 */
export const createInboxThunk = createAsyncThunk.withTypes<{ state: RootState; dispatch: AppDispatch; rejectValue: ApiError }>();
