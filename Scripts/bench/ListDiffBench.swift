// Benchmark of ListDiff (issue #6/#7): Scripts/bench/listdiff.sh builds it with the diff sources
// as a separate optimised module, as in a release build, and prints the best of several runs.
import Foundation
import SitegenCore
struct SplitMix64: RandomNumberGenerator { var state: UInt64; mutating func next() -> UInt64 { state &+= 0x9E3779B97F4A7C15; var z = state; z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9; z = (z ^ (z >> 27)) &* 0x94D049BB133111EB; return z ^ (z >> 31) } }
struct Item: Identifiable, Equatable { let id: String; var digest: Int }
struct IntItem: Identifiable, Equatable { let id: Int; var digest: Int }
func best<T>(_ runs: Int = 7, _ body: () -> T) -> Double {
  var b = 1e9; for _ in 0..<runs { let t = DispatchTime.now().uptimeNanoseconds; let r = body(); b = min(b, Double(DispatchTime.now().uptimeNanoseconds - t) / 1e6); withExtendedLifetime(r) {} }; return b
}
var rng = SplitMix64(state: 42)
let old = (0..<100_000).map { Item(id: "artists/band-\($0 / 50)/concert-\($0)/index.html", digest: $0) }
var new = old
for _ in 0..<1000 { new.remove(at: Int.random(in: 0..<new.count, using: &rng)) }
for k in 0..<1000 { new.insert(Item(id: "new/\(k)/index.html", digest: 0), at: Int.random(in: 0...new.count, using: &rng)) }
for _ in 0..<1000 { let i = Int.random(in: 0..<new.count, using: &rng); new[i].digest += 1 }
for _ in 0..<500 { let a = Int.random(in: 0..<new.count, using: &rng); let x = new.remove(at: a); new.insert(x, at: Int.random(in: 0...new.count, using: &rng)) }
let d = ListDiff(from: old, to: new); precondition(d.apply(to: old)! == new)
print("changes: del \(d.deletions.count) ins \(d.insertions.count) mov \(d.moves.count) upd \(d.updates.count)")
print(String(format: "100k string ids, 3,500 changes: %.1f ms", best { ListDiff(from: old, to: new) }))
print(String(format: "100k string ids, no change:     %.1f ms", best { ListDiff(from: old, to: old) }))
var shuffled = old; shuffled.shuffle(using: &rng)
print(String(format: "100k string ids, shuffled:      %.1f ms", best(3) { ListDiff(from: old, to: shuffled) }))
let iold = (0..<100_000).map { IntItem(id: $0, digest: 0) }
var inew = iold
for _ in 0..<3000 { let i = Int.random(in: 0..<inew.count, using: &rng); inew[i].digest += 1 }
for _ in 0..<500 { inew.remove(at: Int.random(in: 0..<inew.count, using: &rng)) }
print(String(format: "100k int ids, 3,500 changes:    %.1f ms", best { ListDiff(from: iold, to: inew) }))
print(String(format: "100k int ids, reversed:         %.1f ms", best(3) { ListDiff(from: iold, to: Array(iold.reversed())) }))
