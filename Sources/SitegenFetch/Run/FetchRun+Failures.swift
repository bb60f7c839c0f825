import Foundation
import SitegenCore

/// What a fetch reports instead of storing an answer.
extension FetchRun {
    /// A write that failed for want of space (or of quota) on the cache's disk.
    static func isDiskFull(_ error: SitegenError) -> Bool {
        [ENOSPC, EDQUOT].contains { error.message.contains(String(cString: strerror($0))) }
    }

    /// In a dry run, requests it cannot count: they wait on an answer that is not cached.
    func uncounted(_ api: API, _ what: String) {
        if options.dryRun { recorder.uncounted("\(api.displayName): \(what)") }
    }

    /// A section whose key is not in the environment: a failure when site.yml lists what it would
    /// fetch (a cron job whose environment lacks the key would leave that part of the site to go
    /// stale in silence), else a note.
    func missingKey(_ api: API, _ variable: String, setting: String, _ what: String, configured: Bool, section: String) {
        guard configured else {
            recorder.note("\(section): skipped, \(variable) is not set")
            return
        }
        recorder.fail(FetchFailure(api: api, url: "`\(setting)` of site.yml", reason: "\(variable) is not set in the environment", attempts: 0,
                                   action: "\(what) not fetched (set it where the fetch runs, a cron job's environment too, or leave "
                                       + "the section out with --only)"))
    }

    /// A request that cannot be made safely (a name that would leave its folder): reported, not sent.
    func refuse(_ api: API, what: String, reason: String) {
        recorder.fail(FetchFailure(api: api, url: what, reason: reason, attempts: 0, action: "not requested"))
    }
}
