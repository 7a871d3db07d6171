//! What the games' restarted probes share (`patience.solver.probes`): the node cut-off of
//! each probe.

/// Luby's sequence 1, 1, 2, 1, 1, 2, 4, … (`probes.luby`), from 1.
fn luby(mut i: u64) -> u64 {
    loop {
        let k = 64 - i.leading_zeros();
        if i == (1 << k) - 1 {
            return 1 << (k - 1);
        }
        i -= (1 << (k - 1)) - 1;
    }
}

/// Probe `probe`'s node cut-off (`probes.probe_cutoff`): `unit`, every fourth probe
/// `unit` times the next term of Luby's sequence, so the cut-offs grow without bound.
pub fn probe_cutoff(probe: u64, unit: u64) -> u64 {
    if probe % 4 == 3 {
        unit * luby(probe / 4 + 1)
    } else {
        unit
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn luby_is_the_python_sequence() {
        let terms: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(terms, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
        assert_eq!(probe_cutoff(2, 256), 256);
        assert_eq!(probe_cutoff(3 + 4 * 6, 256), 256 * 4);
    }
}
