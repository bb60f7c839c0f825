import Foundation
import SitegenCheck
import SitegenCore

extension Sitegen {
    /// `sitegen check`: a clean build of the site into a temporary folder (never the output
    /// folder, nor its manifest or memo), then `SiteCheck` over what it made. The build's
    /// warnings are problems of the check too, under their files; a build that fails is one
    /// error. The temporary folder is removed after. Build warnings whose text (as `build` prints
    /// them) is in `expectedWarnings` are left out: a sample site that shows a broken cache file
    /// on purpose can still be checked with --strict.
    /// `optionName` names a build option as the caller's user gives it (the command line's
    /// `--templates`), for problems about one.
    public static func check(_ options: BuildOptions, expectedWarnings: Set<String> = [],
                             progress: any BuildProgress = SilentProgress(),
                             optionName: (BuildOptionName) -> String? = { _ in nil }) -> CheckReport {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-check-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        var options = options
        options.output = scratch.appendingPathComponent("site")
        options.clean = true
        options.recordsPageSources = true
        var report = CheckReport()
        let build: BuildReport
        do {
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            build = try Sitegen.build(options, progress: progress)
        } catch let error as SitegenError {
            // Every problem of the failed build, each under its file, as warnings are below.
            for problem in error.problems {
                let option = problem.option.flatMap(optionName).map { " (\($0))" } ?? ""
                report.problems.append(CheckProblem(file: problem.location?.file ?? "build", severity: .error,
                                                    message: "the build failed: " + CheckProblem.place(problem.location) + problem.message + option,
                                                    line: problem.location?.line, column: problem.location?.column))
            }
            return report
        } catch {
            report.problems.append(CheckProblem(file: "build", severity: .error, message: "cannot make a temporary folder: \(error)"))
            return report
        }
        let config = try? SiteConfig.load(options.content.appendingPathComponent("site.yml"), displayPath: "site.yml",
                                           sectionKeys: Set(SectionRegistry.all.map { $0.key }), warnings: WarningLog())
        var site = config ?? SiteConfig()
        if let baseURL = options.baseURL.flatMap(SiteConfig.checkedBaseURL) { site = SiteConfig(baseURL: baseURL) }
        var checked = SiteCheck.check(folder: options.output, basePath: site.basePath, baseURL: config == nil && options.baseURL == nil ? nil : site.baseURL,
                                      jobs: options.jobs)
        checked.problems += build.warnings.filter { !expectedWarnings.contains($0.description) }.map { warning in
            CheckProblem(file: warning.location?.file ?? "build", severity: .warning, message: CheckProblem.place(warning.location) + warning.message,
                         line: warning.location?.line, column: warning.location?.column)
        }
        checked.missingCache = build.missingCache.sorted()
        checked.pageSources = build.pageSources
        return checked
    }
}
