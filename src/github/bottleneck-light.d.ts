// bottleneck/light.js, the build the throttling plugin loads, is the same
// Bottleneck without its Redis clients; the package types only its main entry.
declare module 'bottleneck/light.js' {
  import Bottleneck from 'bottleneck';
  export default Bottleneck;
}
