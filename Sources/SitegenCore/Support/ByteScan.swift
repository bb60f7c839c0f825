extension String {
    /// Whether one of the UTF-8 bytes satisfies `predicate`, read in place: the checks that
    /// every rendered post and every memo line pass through read each byte once, and the UTF-8
    /// view's iterator costs several times the test itself.
    @inline(__always)
    func containsByte(where predicate: (UInt8) -> Bool) -> Bool {
        utf8.withContiguousStorageIfAvailable { bytes in bytes.contains(where: predicate) }
            ?? utf8.contains(where: predicate)
    }
}
