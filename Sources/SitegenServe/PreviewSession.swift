import FlyingFox
import FlyingSocks
import Foundation
import SitegenCore

/// `sitegen serve` without its terminal: an HTTP server on a socket serving the output folder
/// under the site's sub-path, the build run with the preview's address as base URL, and
/// `RebuildLoop` (the loop `sitegen watch` runs) rebuilding on every change and telling the open
/// pages through the `LiveReloadHub`.
///
/// `start()` listens; `buildFirst()` runs the first build; `watch()` rebuilds until `stop()`.
/// Those four run one after another on the command's thread, as `sitegen serve` calls them
/// (`watch()`'s rebuilds one at a time on it too), and only they use `options`, `origin`,
/// `running` and `heartbeat` (hence no lock); what request handlers read while builds run,
/// the mount, has a lock of its own.
public final class PreviewSession: @unchecked Sendable {
    public struct Settings: Sendable {
        /// An IPv4 or IPv6 address; loopback unless told otherwise.
        public var bind = "127.0.0.1"
        /// 0 takes any free port (tests).
        public var port: UInt16 = 1313
        /// Poll the folders rather than use inotify.
        public var polling = false
        public var pollInterval: Duration = .seconds(1)
        /// How long no further change must come before a batch of changes is built.
        public var quiet: Duration = .milliseconds(100)

        public init() {}
    }

    /// Runs one build. `changes` are the source keys that caused it (empty for the first).
    public typealias Build = @Sendable (_ options: BuildOptions, _ memory: BuildMemory, _ changes: Set<String>)
        -> Result<BuildReport, SitegenError>

    public let hub = LiveReloadHub()
    private let settings: Settings
    private let build: Build
    private let loop: RebuildLoop
    private let mount = Mount()
    private let server: HTTPServer
    private var options: BuildOptions
    /// `--base-url` as given: its path places the site (its host is the preview's).
    private let givenBaseURL: String?
    private var origin = ""
    private var running: Task<Void, Never>?
    private var heartbeat: Task<Void, Never>?
    /// Held while the session lives: one preview per output folder.
    private let outputLock: BuildLock

    public init(options: BuildOptions, settings: Settings, build: @escaping Build) throws(SitegenError) {
        // The folder the build would refuse (`/`, the home or working folder, the content
        // folder, one not made by sitegen) is neither locked nor served: the server would
        // publish what it holds.
        try OutputGuard.check(output: options.output, content: options.content, templates: options.templates,
                              workingDirectory: options.workingDirectory, outputName: options.displayName(options.output))
        outputLock = try BuildLock(for: options.output, kind: .serve)
        self.options = options
        givenBaseURL = options.baseURL
        self.settings = settings
        self.build = build
        let address: any SocketAddress
        do {
            address = settings.bind.contains(":") ? try sockaddr_in6.inet6(ip6: settings.bind, port: settings.port)
                : try sockaddr_in.inet(ip4: settings.bind, port: settings.port)
        } catch {
            throw BuildOptionName.address.error("the address to listen on must be an IPv4 or IPv6 address like 127.0.0.1 or ::1, got '\(settings.bind)'")
        }
        // FlyingFox answers 500 when a handler takes longer than its timeout. Ours read local
        // files; one that waits that long waits for a thread (a machine busy with a large build,
        // or a test run), and a late page is better than an error page.
        server = HTTPServer(address: address, timeout: 120, logger: .disabled,
                            handler: PreviewHandler(output: OutputFolder(url: options.output), mount: mount, hub: hub,
                                                    loopbackOnly: Loopback.isAddress(settings.bind)))
        loop = RebuildLoop(options: options, polling: settings.polling, pollInterval: settings.pollInterval,
                           quiet: settings.quiet)
        let loop = loop
        self.options.waitForFetch = (keepWaiting: { !loop.isStopped },
                                     announce: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
    }

    /// The rebuild loop: its watcher, and why it polls when it does.
    public var rebuilds: RebuildLoop { loop }

    /// Whether the server listens on a loopback address only.
    public var isLoopback: Bool { Loopback.isAddress(settings.bind) }

    /// Starts listening and returns the preview's address ("http://127.0.0.1:1313/music/").
    /// A port in use, or an address this machine does not have, is an error saying so.
    public func start() async throws(SitegenError) -> String {
        let server = self.server
        let outcome = Outcome()
        running = Task {
            do { try await server.run() } catch { outcome.error = error }
        }
        let hub = self.hub
        heartbeat = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: LiveReloadHub.heartbeatInterval)
                hub.heartbeat()
            }
        }
        var listening = await server.listeningAddress
        while listening == nil {
            if let error = outcome.error { throw describe(error) }
            try? await Task.sleep(for: .milliseconds(5))
            listening = await server.listeningAddress
        }
        guard let address = listening else { throw SitegenError("the server stopped before it listened") }
        let port: UInt16
        switch address {
        case .ip4(_, let bound), .ip6(_, let bound): port = bound
        default: port = settings.port
        }
        let unspecified = settings.bind == "0.0.0.0" || settings.bind == "::"
        let host = unspecified ? "127.0.0.1" : settings.bind.contains(":") ? "[\(settings.bind)]" : settings.bind
        origin = "http://\(host):\(port)"
        mount.path = sitePath()
        options.baseURL = origin + mount.path
        return origin + mount.path
    }

    /// The first build (with the options' `clean`); later builds are incremental.
    @discardableResult
    public func buildFirst() -> Result<BuildReport, SitegenError> {
        let result = build(options, loop.memory, [])
        options.clean = false
        publish(result)
        return result
    }

    /// Rebuilds on every change until `stop()`; blocks the calling thread. A new path in
    /// base_url moves the site once a build there succeeds (a failed one leaves the last good
    /// site where it was), and the open pages follow it.
    public func watch() throws(SitegenError) {
        try loop.run { changes in
            let path = sitePath()
            guard path != mount.path else {
                publish(build(options, loop.memory, changes))
                return
            }
            var moved = options
            moved.baseURL = origin + path
            let result = build(moved, loop.memory, changes)
            if case .success = result {
                let from = mount.path
                mount.path = path
                options = moved
                publish(result, movedFrom: from)
            } else {
                publish(result)
            }
        }
    }

    /// Stops watching (after the build running now), ends the event streams and the server.
    public func stop() async {
        loop.stop()
        hub.finishAll()
        await server.stop(timeout: 1)
        running?.cancel()
        heartbeat?.cancel()
    }

    private func publish(_ result: Result<BuildReport, SitegenError>, movedFrom: String? = nil) {
        switch result {
        case .success(let report):
            let base = mount.path
            hub.buildSucceeded(changed: (report.written + report.removed).sorted().map { base + RequestTarget.encoded($0) },
                               moved: movedFrom.map { (from: $0, to: base) })
        case .failure(let error):
            hub.buildFailed(error)
        }
    }

    /// Where the site's base URL's path puts it (kept percent-encoded, as pages link to it):
    /// `--base-url`, else site.yml's base_url, read again for every build (a small file). A
    /// site.yml that cannot be read leaves the path as it was: the build reports the problem.
    private func sitePath() -> String {
        var path = mount.path
        if let given = givenBaseURL, URL(string: given) != nil {
            path = SiteConfig(baseURL: given).basePath
        } else if let config = try? SiteConfig.load(options.content.appendingPathComponent("site.yml"), displayPath: "site.yml",
                                                    sectionKeys: [], warnings: WarningLog()) {
            path = config.basePath
        }
        if !path.hasPrefix("/") { path = "/" + path }
        if !path.hasSuffix("/") { path += "/" }
        return path
    }

    /// The error the server task ended with, set from that task.
    private final class Outcome: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: (any Error)?
        var error: (any Error)? {
            get { lock.withLock { stored } }
            set { lock.withLock { stored = newValue } }
        }
    }

    private func describe(_ error: any Error) -> SitegenError {
        let place = "\(settings.bind) port \(settings.port)"
        if case SocketError.failed(_, let code, _) = error {
            if code == EADDRINUSE { return BuildOptionName.port.error("cannot listen on \(place): the port is in use (another sitegen serve?); choose another port") }
            if code == EADDRNOTAVAIL { return SitegenError("cannot listen on \(place): this machine has no such address") }
            if code == EACCES { return SitegenError("cannot listen on \(place): permission denied (ports below 1024 need privileges)") }
        }
        return SitegenError("cannot listen on \(place): \(error.localizedDescription)")
    }
}
