import Dispatch
import Foundation

/// Times work on the monotonic clock: one warm-up run, then the median of several.
enum Stopwatch {
    /// Monotonic seconds since an arbitrary start.
    static func now() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    }

    /// Seconds of processor time the calling thread has used: unlike the wall clock, it does
    /// not count the time other processes on a shared machine take the processor away.
    static func threadTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Seconds one run of `work` takes.
    static func time(_ work: () throws -> Void) rethrows -> Double {
        let start = now()
        try work()
        return now() - start
    }

    /// The median seconds of `repetitions` runs of `work`, after one warm-up run.
    static func median(repetitions: Int, _ work: () throws -> Void) rethrows -> Double {
        try medianOfMeasured(repetitions: repetitions) { try time(work) }
    }

    /// The median of what `work` returns over `repetitions` runs, after one warm-up run; for
    /// work that times only part of itself (set-up and tear-down excluded).
    static func medianOfMeasured(repetitions: Int, _ work: () throws -> Double) rethrows -> Double {
        _ = try work()
        var samples: [Double] = []
        for _ in 0..<max(1, repetitions) { samples.append(try work()) }
        return median(samples)
    }

    /// The median seconds of each of `works` over `repetitions` runs, taken in turns (one run
    /// of each, then the next round), after one warm-up run of each.
    ///
    /// For figures whose ratio matters: a spell of load from another process on this shared
    /// machine, seconds long, then slows every one of them about alike, where timing one after
    /// the other in blocks lets it slow one block and not the next.
    static func mediansInTurns(repetitions: Int, _ works: [() throws -> Void]) throws -> [Double] {
        for work in works { try work() }
        var samples = Array(repeating: [Double](), count: works.count)
        for _ in 0..<max(1, repetitions) {
            for (index, work) in works.enumerated() { samples[index].append(try time(work)) }
        }
        return samples.map(median)
    }

    /// The median of some samples (the lower middle one for an even count).
    static func median(_ samples: [Double]) -> Double {
        percentile(samples, 0.5)
    }

    /// The sample below which `fraction` of the samples lie (nearest rank).
    static func percentile(_ samples: [Double], _ fraction: Double) -> Double {
        guard !samples.isEmpty else { return .nan }
        let sorted = samples.sorted()
        let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }
}
