export interface StartPort {
  variable: string;
  /** NaN when the variable holds no port number. */
  port: number;
  /** The address the process binds it on. */
  host: string;
  what: string;
}
export declare function startPorts(env?: NodeJS.ProcessEnv): StartPort[];
export declare function describeTakenPorts(ports?: StartPort[]): Promise<string | undefined>;
