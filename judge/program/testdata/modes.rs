// POJ 3074 in Rust, with its failure modes chosen by the first argument:
// ac solves, wa swaps the first two cells, tle loops, mle keeps
// allocating, re panics.
use std::io::{self, Read, Write};

fn box_of(i: usize) -> usize { i / 27 * 3 + i % 9 / 3 }

fn solve(cell: &mut [u32; 81], row: &mut [u32; 9], col: &mut [u32; 9], bx: &mut [u32; 9]) -> bool {
    let (mut best, mut best_n, mut best_m) = (usize::MAX, 10, 0u32);
    for i in 0..81 {
        if cell[i] != 0 { continue; }
        let m = !(row[i / 9] | col[i % 9] | bx[box_of(i)]) & 0x1ff;
        let n = m.count_ones();
        if n == 0 { return false; }
        if n < best_n { best = i; best_n = n; best_m = m; }
    }
    if best == usize::MAX { return true; }
    let (r, c, b) = (best / 9, best % 9, box_of(best));
    while best_m != 0 {
        let bit = best_m & best_m.wrapping_neg();
        best_m ^= bit;
        cell[best] = bit.trailing_zeros() + 1;
        row[r] ^= bit; col[c] ^= bit; bx[b] ^= bit;
        if solve(cell, row, col, bx) { return true; }
        row[r] ^= bit; col[c] ^= bit; bx[b] ^= bit;
    }
    cell[best] = 0;
    false
}

fn main() {
    let mode = std::env::args().nth(1).unwrap_or_else(|| "ac".to_string());
    match mode.as_str() {
        "tle" => { let mut x: u64 = 0; loop { x = std::hint::black_box(x + 1); } }
        "mle" => {
            let mut keep: Vec<Vec<u8>> = Vec::new();
            loop { keep.push(vec![1u8; 8 << 20]); }
        }
        "re" => panic!("index out of range on purpose"),
        _ => {}
    }
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut out = String::new();
    for word in input.split_whitespace() {
        if word == "end" { break; }
        let (mut cell, mut row, mut col, mut bx) = ([0u32; 81], [0u32; 9], [0u32; 9], [0u32; 9]);
        for (i, ch) in word.bytes().take(81).enumerate() {
            if (b'1'..=b'9').contains(&ch) {
                cell[i] = (ch - b'0') as u32;
                let bit = 1 << (cell[i] - 1);
                row[i / 9] |= bit; col[i % 9] |= bit; bx[box_of(i)] |= bit;
            }
        }
        solve(&mut cell, &mut row, &mut col, &mut bx);
        if mode == "wa" { cell.swap(0, 1); }
        for v in cell.iter() { out.push(char::from(b'0' + *v as u8)); }
        out.push('\n');
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}
