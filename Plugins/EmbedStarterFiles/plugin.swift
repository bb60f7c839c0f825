import Foundation
import PackagePlugin

/// Embeds what `sitegen init` writes into the SitegenStarter module at build time: the
/// repository's Templates/ (the one copy of the default templates), the favicon the layout
/// links, and the module's Starter/ folder (site.yml, example post, cache READMEs).
@main
struct EmbedStarterFiles: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let root = context.package.directoryURL
        // Prefix in the new site -> a folder (its files) or a file.
        let sources = [
            ("Templates", root.appending(path: "Templates")),
            ("Content", module.directoryURL.appending(path: "Starter")),
            ("Content/static", root.appending(path: "Content/static/favicon.svg")),
        ]
        var inputs: [URL] = []
        for (_, source) in sources {
            guard let enumerator = FileManager.default.enumerator(at: source, includingPropertiesForKeys: nil) else {
                inputs.append(source)
                continue
            }
            for case let url as URL in enumerator where !url.hasDirectoryPath { inputs.append(url) }
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedFiles.swift")
        return [.buildCommand(displayName: "Embedding the starter site", executable: try context.tool(named: "embed-files").url,
                              arguments: [output.path] + sources.map { "\($0.0)=\($0.1.path)" },
                              inputFiles: inputs, outputFiles: [output])]
    }
}
