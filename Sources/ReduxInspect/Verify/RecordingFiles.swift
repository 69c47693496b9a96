import Foundation

/// The recordings `verify` works on: files as given, directories searched for `*.jsonl`,
/// in one stable order, optionally cut into a shard.
public struct RecordingFiles: Sendable, Equatable {
    /// The files, sorted by path (byte order, the same on every machine).
    public let paths: [String]

    /// Collects recordings.
    ///
    /// - Parameters:
    ///   - arguments: Files and directories. A directory contributes its `*.jsonl` files;
    ///     files are taken whatever their name.
    ///   - recursive: Whether directories also contribute the `*.jsonl` files of their
    ///     subdirectories. Off by default, so a folder of recordings can keep other material
    ///     (such as a corpus of deliberately broken files) in a subfolder.
    /// - Throws: ``RecordingError`` when an argument does not exist, or is a directory that
    ///   holds no recording (a CI job pointed at the wrong folder must not pass).
    public init(_ arguments: [String], recursive: Bool = false) throws(RecordingError) {
        var found: [String] = []
        for argument in arguments {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) else {
                throw RecordingError(.notFound, path: argument, message: "no such file or directory")
            }
            if isDirectory.boolValue {
                let recordings = Self.recordings(under: argument, recursive: recursive)
                guard !recordings.isEmpty else {
                    throw RecordingError(
                        .notFound, path: argument, message: "no recordings: expected *.jsonl files in this directory")
                }
                found += recordings
            } else {
                found.append(argument)
            }
        }
        paths = Array(Set(found)).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    init(paths: [String]) {
        self.paths = paths
    }

    private static func recordings(under directory: String, recursive: Bool) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
        var result: [String] = []
        while let relative = enumerator.nextObject() as? String {
            if !recursive, (enumerator.fileAttributes?[.type] as? FileAttributeType) == .typeDirectory {
                enumerator.skipDescendants()
            }
            guard relative.hasSuffix(".jsonl") else { continue }
            let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
            result.append(base + "/" + relative)
        }
        return result
    }

    /// Shard `index` of `count` (1-based): every `count`-th file starting at `index`, so the
    /// shards of one run cover each file exactly once and stay balanced.
    ///
    /// - Parameters:
    ///   - index: Which shard, from 1 to `count`.
    ///   - count: How many shards.
    /// - Returns: The files of that shard.
    public func shard(_ index: Int, of count: Int) -> RecordingFiles {
        RecordingFiles(paths: paths.enumerated().filter { $0.offset % count == index - 1 }.map(\.element))
    }
}
