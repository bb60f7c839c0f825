import Foundation

/// The one way a test of this target gets a throw-away folder (or file).
///
/// Every one is made under one root folder of the test process, `<tmp>/sitegen-tests-<pid>-<UUID>/`,
/// which the process removes when it exits (`atexit`), whether its tests passed or failed. Not a
/// removal per test, because these are Swift Testing suites, which have no teardown to hang one
/// on, and the support values (`TemporarySite`, `FixtureContent` and the sections' helpers on
/// it, the invalid-input base site) are made without a test at hand. A test may still remove
/// its folder as soon as it is done with it, to keep the run's disk use small.
///
/// A process that dies without exiting (a crash, a kill, Ctrl-C) cannot run its exit handler:
/// the next test process removes the roots of processes that are gone.
enum TemporaryFolder {
    /// A new, empty folder `<name>-<UUID>` under the process's root.
    static func make(_ name: String) throws -> URL {
        let folder = path(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        return folder
    }

    /// A fresh path `<name>-<UUID>` under the process's root, not made yet: for a test that
    /// copies a folder there, writes a file there, or has the code under test make it.
    static func path(_ name: String) -> URL {
        root.appendingPathComponent("\(name)-\(UUID().uuidString)")
    }

    private static let prefix = "sitegen-tests-"

    private static let root: URL = {
        let temporary = FileManager.default.temporaryDirectory
        removeRootsOfGoneProcesses(in: temporary)
        // The process's id tells whether its owner still runs; the UUID keeps two processes of
        // different PID namespaces that share this folder, and have one id, apart.
        let root = temporary.appendingPathComponent(prefix + String(getpid()) + "-" + UUID().uuidString)
        do {
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: false)
        } catch {
            fatalError("cannot make the tests' temporary folder \(root.path): \(error)")
        }
        atexit { try? FileManager.default.removeItem(at: TemporaryFolder.root) }
        return root
    }()

    /// Roots whose process no longer runs, left unchanged for an hour (a process of another PID
    /// namespace that shares this folder looks gone, but a running test process changes its root
    /// all the time).
    private static func removeRootsOfGoneProcesses(in temporary: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
        for name in names where name.hasPrefix(prefix) {
            guard let pid = pid_t(name.dropFirst(prefix.count).prefix { $0 != "-" }), pid != getpid(), kill(pid, 0) == -1, errno == ESRCH
            else { continue }
            let folder = temporary.appendingPathComponent(name)
            let changed = (try? FileManager.default.attributesOfItem(atPath: folder.path)[.modificationDate]) as? Date
            if let changed, changed < Date(timeIntervalSinceNow: -3600) { try? FileManager.default.removeItem(at: folder) }
        }
    }
}
