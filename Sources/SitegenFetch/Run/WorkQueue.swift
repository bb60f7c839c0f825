/// Hands out the indexes 0..<count once each, to workers on many tasks.
actor WorkQueue {
    private var nextIndex = 0
    private let count: Int

    init(count: Int) { self.count = count }

    func next() -> Int? {
        guard nextIndex < count else { return nil }
        defer { nextIndex += 1 }
        return nextIndex
    }
}
