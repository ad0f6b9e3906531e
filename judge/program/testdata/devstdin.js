// Echoes its input, read the usual Node way, through /dev/stdin.
const fs = require('fs');
process.stdout.write(fs.readFileSync('/dev/stdin', 'utf8'));
