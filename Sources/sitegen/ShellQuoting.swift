extension String {
    /// The string as a POSIX shell reads it back as one word, for a command line printed to be
    /// pasted ("cd 'my site'"): left bare when every character is one no shell gives a meaning
    /// to, else in single quotes, inside which only the quote itself needs writing out ('\'').
    /// A leading "-" gets "./" before it, or the command would read an option ("cd -site").
    var shellQuoted: String {
        let word = hasPrefix("-") ? "./" + self : self
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (("A"..."Z").contains(scalar) || ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar)
                || "._/-".unicodeScalars.contains(scalar))
        }
        return plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
