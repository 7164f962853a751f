-- Resumo do wrk numa linha JSON (o --latency do wrk não dá o p95).
done = function(summary, latency, requests)
  local erros = summary.errors.connect + summary.errors.read + summary.errors.write
    + summary.errors.timeout
  io.write(string.format(
    'RESUMO {"requisicoes": %d, "duracao_s": %.3f, "rps": %.2f, "p50_ms": %.3f, ' ..
    '"p95_ms": %.3f, "p99_ms": %.3f, "nao_2xx": %d, "erros": %d}\n',
    summary.requests, summary.duration / 1e6, summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(95) / 1000,
    latency:percentile(99) / 1000, summary.errors.status, erros))
end
