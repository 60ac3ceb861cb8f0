export interface StartPort {
  variable: string;
  port: number;
  what: string;
}
export declare function startPorts(env?: NodeJS.ProcessEnv): StartPort[];
export declare function describeTakenPorts(ports?: StartPort[], host?: string): Promise<string | undefined>;
