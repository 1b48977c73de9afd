// Public surface of the health module.
export type { HealthAnswer } from './routes/health';
