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
    public static func check(_ options: BuildOptions, expectedWarnings: Set<String> = [],
                             progress: any BuildProgress = SilentProgress()) -> CheckReport {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-check-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        var options = options
        options.output = scratch.appendingPathComponent("site")
        options.clean = true
        var report = CheckReport()
        let build: BuildReport
        do {
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            build = try Sitegen.build(options, progress: progress)
        } catch let error as SitegenError {
            report.problems.append(CheckProblem(file: error.location?.description ?? "build", severity: .error,
                                                message: "the build failed: \(error.message)"))
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
            // The file is the group; the line and column, or the JSON path, go with the message.
            var place: [String] = []
            if let line = warning.location?.line { place.append(warning.location?.column.map { "line \(line), column \($0)" } ?? "line \(line)") }
            if let path = warning.location?.jsonPath { place.append("at \(path)") }
            return CheckProblem(file: warning.location?.file ?? "build", severity: .warning,
                                message: (place.isEmpty ? "" : place.joined(separator: " ") + ": ") + warning.message)
        }
        checked.missingCache = build.missingCache.sorted()
        return checked
    }
}
