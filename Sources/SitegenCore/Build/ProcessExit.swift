import Synchronization

/// What a build leaves for the end of the process to reclaim (`BuildOptions.endsProcess`): the
/// kernel takes a process's memory back at once, where freeing a large structure walks it.
enum ProcessExit {
    private static let left = Mutex<[any Sendable]>([])

    static func leave(_ value: any Sendable) {
        left.withLock { $0.append(value) }
    }
}
