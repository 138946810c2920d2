// The Credits page's `?period=`, read on the server; apart from credits.ts, which the page's client code imports.
import { z } from "zod";
import { CREDIT_PERIODS, DEFAULT_CREDIT_PERIOD } from "./credits";

/** A missing, repeated or unknown `period` falls back to the default instead of failing the page. */
export const creditPeriodSchema = z.enum(CREDIT_PERIODS).catch(DEFAULT_CREDIT_PERIOD);
