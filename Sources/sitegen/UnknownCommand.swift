import ArgumentParser
import SitegenCore

/// A first word that names no command. `build` is the default command, so ArgumentParser reads
/// a misspelt one (`sitegen bulid`) as an argument of build's and says "Unexpected argument"
/// with build's usage, which hides the mistake. Build takes no positional arguments, so a first
/// argument that is not an option and names no command is always such a mistake: it is said
/// as one, with the nearest command's name when the word is near one.
enum UnknownCommand {
    /// The message for `arguments` (the command line without the executable's name), or nil
    /// when the first word is an option or a command, or there is none.
    static func message(for arguments: [String]) -> String? {
        guard let word = arguments.first, !word.hasPrefix("-") else { return nil }
        // `sitegen new "My post"`, `sitegen new posts/x.md` (Hugo's form): the kind is missing.
        if word == "new", let kind = arguments.dropFirst().first, !kind.hasPrefix("-"), kind != "post", kind != "help" {
            return "Error: `new` makes a post, named by its title: sitegen new post \"Title\" (found '\(kind)')\n"
                + "  See 'sitegen new post --help' for more information."
        }
        let commands = SitegenCommand.configuration.subcommands
        // `_commandName` is the name ArgumentParser itself matches a command by.
        // `help` is ArgumentParser's own (`sitegen help build`); hidden commands still run.
        guard word != "help", !commands.contains(where: { $0._commandName == word }) else { return nil }
        let shown = commands.filter { $0.configuration.shouldDisplay }.map { $0._commandName }
        let nearest = shown.compactMap { name in EditDistance.within(2, word.lowercased(), name).map { (name: name, distance: $0) } }
            .min { $0.distance < $1.distance }
        // `version` is an option here, as in most tools (`hugo version` is a command).
        let suggestion = word.lowercased() == "version" ? "; did you mean '--version'?" : nearest.map { "; did you mean '\($0.name)'?" } ?? ""
        return "Error: unknown command '\(word)'\(suggestion)\n"
            + "Expected a command (\(shown.joined(separator: ", "))) or an option of build, the default command.\n"
            + "  See 'sitegen --help' for more information."
    }
}
