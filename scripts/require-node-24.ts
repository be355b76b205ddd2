// The action runs on node24; the checks must too.
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(`Node ${process.version} is first on PATH; run through npm so the pinned Node 24 is used.`);
  process.exit(1);
}
console.log(`Node ${process.version}`);
