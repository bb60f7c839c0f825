import Foundation

/// Tells a long-running build which sources changed, as source keys `BuildMemory` understands
/// ("content/news/a.md", "assets/css", "templates/layout.mustache"): inotify where Linux has it
/// (`SourceWatcher`), scanning the folders at an interval elsewhere (`PollingWatcher`).
public protocol ChangeSource: AnyObject {
    /// How many folders are watched (said once when watching starts).
    var folderCount: Int { get }

    /// Waits for changes and returns their keys once none came for `quiet` (an editor's save or a
    /// `git checkout` is one batch, not one build per file). `timeout` (seconds) bounds the wait
    /// for the first change; an empty set means it passed.
    func nextChanges(quiet: Duration, timeout: Double?) throws(SitegenError) -> Set<String>
}
