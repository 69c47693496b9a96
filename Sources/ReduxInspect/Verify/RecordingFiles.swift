import Foundation

/// The recordings `verify` works on: files as given, directories searched for `*.jsonl`,
/// in one stable order, optionally cut into a shard.
public struct RecordingFiles: Sendable, Equatable {
    /// The files, sorted by path (byte order, the same on every machine).
    public let paths: [String]

    /// Collects recordings.
    ///
    /// - Parameter arguments: Files and directories. Directories are searched recursively
    ///   for `*.jsonl`; files are taken whatever their name.
    /// - Throws: ``RecordingError`` when an argument does not exist.
    public init(_ arguments: [String]) throws(RecordingError) {
        var found: [String] = []
        for argument in arguments {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) else {
                throw RecordingError(.notFound, path: argument, message: "no such file or directory")
            }
            if isDirectory.boolValue {
                found += Self.recordings(under: argument)
            } else {
                found.append(argument)
            }
        }
        paths = Array(Set(found)).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    init(paths: [String]) {
        self.paths = paths
    }

    private static func recordings(under directory: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
        var result: [String] = []
        while let relative = enumerator.nextObject() as? String {
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
