// The parts of jstat (a CommonJS/UMD package without types) that distributions.ts uses.
declare module 'jstat' {
  interface JStat {
    normal: {
      cdf(x: number, mean: number, standardDeviation: number): number;
      inv(p: number, mean: number, standardDeviation: number): number;
    };
    studentt: {
      cdf(x: number, degreesOfFreedom: number): number;
      inv(p: number, degreesOfFreedom: number): number;
    };
    /** The regularised lower incomplete gamma function P(a, x). */
    lowRegGamma(a: number, x: number): number;
  }
  const jStat: JStat;
  export default jStat;
}
