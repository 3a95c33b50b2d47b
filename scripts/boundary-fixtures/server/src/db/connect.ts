export const connect = (): string => 'db';
