import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The JUnit report a `verify --junit` run keeps on disk while it goes: every file skipped
/// ("not verified: the run ended before it was done") when it starts, then, once it has taken a
/// second, the files verified so far and the others skipped. A CI job stopped at its time
/// limit, by a signal the process cannot catch (`SIGKILL`) too, or by the app's reducer
/// trapping, then leaves a report of what it did, at most a second old.
///
/// Each time the report is written whole into a file beside it and renamed over it, so that
/// a run stopped while writing leaves the report before, never half of one. Only a report
/// at a regular file (or a path with no file yet) is kept so: one written to a pipe or a
/// terminal (`/dev/stdout`) is written once, at the end. A report that cannot be written on
/// the way is left for the end, which says why.
struct JUnitProgressReport {
    /// Where the report goes: the file a symbolic link given points to.
    let path: String
    /// Every file the run verifies, in the order their results come.
    let paths: [String]
    /// The name the report gives the tool.
    let program: String
    /// `--reducer`, for the commands the report suggests.
    let reducer: String?
    /// `--shard`, which names the report's suite.
    var shard: (index: Int, count: Int)? = nil
    /// How long the run goes without a report, and then between two.
    let interval: UInt64
    /// When the run started, in `DispatchTime` nanoseconds.
    let start: UInt64
    /// When the report was last written, and how many results it held.
    private var written: (time: UInt64, results: Int)?

    /// A report kept at `path` for a run of `paths` started at `start`; `nil` where the path
    /// is not a regular file.
    init?(
        path: String, paths: [String], program: String, reducer: String? = nil, start: UInt64,
        interval: UInt64 = 1_000_000_000
    ) {
        var info = stat()
        if stat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG { return nil }
        // Through a symbolic link, the file it points to is replaced, and the link kept.
        self.path = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        self.paths = paths
        self.program = program
        self.reducer = reducer
        self.start = start
        self.interval = interval
    }

    /// Writes the report of a run that has verified nothing yet, so that one that ends before
    /// the first write in ``note(_:now:)`` (a reducer that traps at once) leaves a report.
    mutating func begin() {
        written = (start, 0)
        _ = replace(
            with: JUnitReport.xml([], notVerified: paths[...], seconds: 0, program: program, reducer: reducer, shard: shard))
    }

    /// Writes the report of `results`, the first of ``paths`` in order, when a second has
    /// passed since the run started and since the report was last written, and it holds
    /// results the last one did not. Called as results come and, between them, at least every
    /// ``VerifyRun/tickInterval``: a result that came just after a write is written a second
    /// later, not only when the next file is done.
    ///
    /// - Parameter now: The time, in `DispatchTime` nanoseconds.
    mutating func note(_ results: [VerifyResult], now: UInt64) {
        guard now >= start + interval else { return }
        if let written, now < written.time + interval || written.results == results.count { return }
        write(results, now: now)
    }

    /// Writes the report of `results` now, whenever it was last written: when the run is
    /// interrupted (``VerifyInterrupt``).
    mutating func write(_ results: [VerifyResult], now: UInt64) {
        written = (now, results.count)
        let xml = JUnitReport.xml(
            results, notVerified: paths[min(results.count, paths.count)...], seconds: Double(now - start) / 1e9,
            program: program, reducer: reducer, shard: shard)
        _ = replace(with: xml)
    }

    /// Replaces the report with `xml` whole: written into a file beside it, renamed over it.
    ///
    /// - Returns: `false` when it could not be (the directory cannot be written to, the disk
    ///   is full), leaving the report as it was.
    func replace(with xml: String) -> Bool {
        let (directory, name) = JUnitReport.split(path)
        let temporary = "\(directory)/.\(name).\(getpid()).tmp"
        do {
            try JUnitReport.save(xml, to: temporary)
        } catch {
            return false
        }
        guard rename(temporary, path) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }
}
