import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The recordings `verify` works on: files as given, directories searched for `*.jsonl`,
/// in one stable order, optionally cut into a shard.
public struct RecordingFiles: Sendable, Equatable {
    /// The files, sorted by path (byte order, the same on every machine).
    public let paths: [String]
    /// Files among `paths` that were found in a directory but are not regular files (a FIFO,
    /// a socket, a device, a directory named like a recording), each with the error to
    /// report for it. They are never opened: opening a FIFO waits for a writer, so one stray
    /// FIFO would stall the whole run. They stay in `paths` so that each is reported in its
    /// place and counted as an error. A subdirectory a recursive walk cannot read is here too:
    /// recordings it may hold would otherwise go unverified without a word.
    public let refused: [String: RecordingError]

    /// Collects recordings.
    ///
    /// - Parameters:
    ///   - arguments: Files and directories. A directory contributes its `*.jsonl` files
    ///     (those that are not regular files go to `refused`); files are taken whatever
    ///     their name and kind.
    ///   - recursive: Whether directories also contribute the `*.jsonl` files of their
    ///     subdirectories. Off by default, so a folder of recordings can keep other material
    ///     (such as a corpus of deliberately broken files) in a subfolder.
    /// - Throws: ``RecordingError`` when an argument does not exist, is a directory that
    ///   cannot be read, or is one that holds no recording (a CI job pointed at the wrong
    ///   folder must not pass).
    public init(_ arguments: [String], recursive: Bool = false) throws(RecordingError) {
        var found: [String] = []
        var refused: [String: RecordingError] = [:]
        for argument in arguments {
            // `stat`, not `FileManager.fileExists`, which takes a folder that cannot be
            // searched for one that does not exist.
            var info = stat()
            guard stat(argument, &info) == 0 else {
                throw FileBytes.cannotReach(argument, code: errno, missing: "no such file or directory")
            }
            if info.st_mode & S_IFMT == S_IFDIR {
                let (recordings, unreadable) = try Self.recordings(under: argument, recursive: recursive)
                guard !recordings.isEmpty || !unreadable.isEmpty else {
                    // Recordings kept in subfolders are the likely reason: say how to reach them.
                    let below = recursive ? 0 : ((try? Self.recordings(under: argument, recursive: true))?.files.count ?? 0)
                    let hint = below > 0 ? " (its subdirectories hold \(below): add --recursive)" : ""
                    throw RecordingError(
                        .notFound, path: argument, message: "no recordings: expected *.jsonl files in this directory\(hint)")
                }
                found += recordings
                for path in recordings {
                    if let refusal = Self.refusal(of: path) { refused[path] = refusal }
                }
                found += unreadable.keys
                refused.merge(unreadable) { first, _ in first }
            } else {
                found.append(argument)
            }
        }
        // A file named more than once, or both on its own and in a directory given too, in
        // whatever spelling (`DIR/./a.jsonl`, `DIR//a.jsonl`), is verified once, under the
        // spelling met first.
        var identities: Set<String> = []
        let unique = found.filter { identities.insert(Self.identity(of: $0)).inserted }
        // A file named on the command line is read whatever it is (`<(…)` is a FIFO), even
        // when a directory given too holds it.
        let named = Set(arguments.map(Self.identity(of:)))
        paths = unique.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        self.refused = refused.filter { !named.contains(Self.identity(of: $0.key)) }
    }

    /// The same string for every spelling of a file's path: the real path of its directory
    /// (`.`, `..`, repeated slashes and linked directories resolved) and its own name. A
    /// link to a file keeps its own name, so that it is verified as a file of its own, as in a
    /// directory's listing; only the directory part is resolved, where `..` after a linked
    /// directory means the link's target's parent, which a textual clean-up would get wrong.
    static func identity(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return Self.identity(of: "./" + path) }
        let name = path[path.index(after: slash)...]
        guard let resolved = realpath(String(path[...slash]), nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved) + "/" + name
    }

    init(paths: [String], refused: [String: RecordingError] = [:]) {
        self.paths = paths
        self.refused = refused
    }

    /// The `*.jsonl` files of `directory` (a link to one is followed), and with `recursive`
    /// those of its subdirectories (links to directories there are not followed, as `grep -r`
    /// does not, so a link back up cannot make a loop). Names starting with a dot are left
    /// out, as a shell's `*.jsonl` leaves them: an editor's lock or backup file is not a
    /// recording. A subdirectory named `*.jsonl` is walked into with `recursive`, and taken
    /// (and refused as a directory) without.
    ///
    /// - Returns: The files found, and the subdirectories that could not be read, each with
    ///   its error.
    /// - Throws: ``RecordingError`` when `directory` itself cannot be read.
    private static func recordings(
        under directory: String, recursive: Bool
    ) throws(RecordingError) -> (files: [String], unreadable: [String: RecordingError]) {
        var base = directory
        while base.count > 1 && base.hasSuffix("/") { base.removeLast() }
        var files: [String] = []
        var unreadable: [String: RecordingError] = [:]
        var pending = [base]
        walk: while let folder = pending.popLast() {
            // The folder named stops the run; one met on the way is reported in its place.
            func refuse(_ error: RecordingError) throws(RecordingError) {
                if folder == base { throw error }
                unreadable[folder] = error
            }
            let listing: DirectoryListing.Names
            do {
                listing = try DirectoryListing.names(in: folder)
            } catch {
                try refuse(error)
                continue
            }
            func path(of name: String) -> String { folder == "/" ? "/" + name : folder + "/" + name }
            // A name that is not UTF-8 may be a recording, or with `recursive` a folder of
            // them: neither can be reached by a path made of it.
            for name in listing.undecodable where !name.hasPrefix(".") && (recursive || name.hasSuffix(".jsonl")) {
                unreadable[path(of: name)] = DirectoryListing.undecodableName(path(of: name))
            }
            var subfolders: [String] = []
            var recordings: [String] = []
            for name in listing.names where !name.hasPrefix(".") {
                let path = path(of: name)
                if recursive {
                    var info = stat()
                    guard lstat(path, &info) == 0 else {
                        // Gone since the listing: nothing to verify. Otherwise (a folder that
                        // can be listed but not searched) nothing in it can be opened, and
                        // whether an entry is a folder of recordings cannot be told.
                        if errno == ENOENT { continue }
                        try refuse(DirectoryListing.cannotSearch(folder, code: errno))
                        continue walk
                    }
                    if info.st_mode & S_IFMT == S_IFDIR {
                        subfolders.append(path)
                        continue
                    }
                }
                if name.hasSuffix(".jsonl") { recordings.append(path) }
            }
            files += recordings
            pending += subfolders
        }
        return (files, unreadable)
    }

    /// Why a file found in a directory is not a recording to open, or `nil` for a regular
    /// file (through symbolic links, as the open follows them too). A file `stat` fails on,
    /// such as a dangling link, is left to the open, which names the problem as for any file.
    private static func refusal(of path: String) -> RecordingError? {
        FileBytes.irregularMode(at: path).map { FileBytes.notARecording(path, mode: $0) }
    }

    /// Shard `index` of `count` (1-based): every `count`-th file starting at `index`, so the
    /// shards of one run cover each file exactly once and stay balanced.
    ///
    /// - Parameters:
    ///   - index: Which shard, from 1 to `count`.
    ///   - count: How many shards.
    /// - Returns: The files of that shard.
    public func shard(_ index: Int, of count: Int) -> RecordingFiles {
        let shard = paths.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
        let kept = Set(shard)
        return RecordingFiles(paths: shard, refused: refused.filter { kept.contains($0.key) })
    }
}
